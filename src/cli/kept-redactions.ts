import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import type { RedactionMemo } from "../code-host/redaction-memo.js";
import { replaceFile } from "./replace-file.js";

/** What redaction made of files, kept in a cache directory between processes. */
export interface KeptRedactions {
  /** Hand to `createRedactingReader({ redactions })`. */
  memo: RedactionMemo;
  /** Writes the files found to hold no secret back, when any were added; never throws (a failure is a warning). */
  save(): Promise<void>;
}

// About 100 bytes each on disk (a blob SHA and a path): 50,000 is under
// 5 MB, several checkouts the size of django whole.
const DEFAULT_MAX_ENTRIES = 50_000;

/**
 * The packages whose rules decide what redaction takes. The bundle leaves
 * them out (`packages: "external"`), so the build's id alone does not
 * change when they do.
 */
const RULE_PACKAGES = [
  "@secretlint/core",
  "@secretlint/secretlint-rule-preset-recommend",
];

/**
 * The version of redaction a build of askcode runs: its build id
 * (`readBuildId`) and the versions of secretlint's packages it loads, or
 * undefined when it has no build id (the TypeScript sources): then nothing
 * is kept.
 *
 * @example
 * redactionVersion("3afa8473…") // "9d0c…" (64 hex)
 */
export function redactionVersion(
  buildId: string | undefined,
): string | undefined {
  if (buildId === undefined) return undefined;
  const require = createRequire(import.meta.url);
  const hash = createHash("sha256").update(buildId);
  for (const name of RULE_PACKAGES)
    hash
      .update(`\0${name}@`)
      .update((require(`${name}/package.json`) as { version: string }).version);
  return hash.digest("hex");
}

/**
 * A redaction memo for `askcode mcp` whose findings that a file holds no
 * secret (most files) outlive the process, in the cache directory: so a new
 * server, or a call showing files an earlier server showed, redacts only
 * the files no process of this version redacted before (secretlint reads
 * about 5 MB a second, `npm run bench:redact`: some 80 ms for the files a
 * question on a large checkout shows).
 *
 * A file is named by its blob SHA (of its text, `nameBlobsByText`) and its
 * path, as the memo names it: what redaction makes of a file depends on
 * nothing else but the rules, and the rules' version (`redactionVersion`)
 * names the file the findings are kept in, so a build with other rules
 * never reads them. Only "holds no secret" is kept: a file with one is
 * redacted again in each process, so no secret's redaction, nor the text
 * beside it, is written to disk. Kept only for a reader given no secrets of
 * askcode's own (`ownSecrets`), which the CLI never has.
 *
 * A missing file is an empty memo; an unreadable or malformed one is warned
 * about and started afresh. The most recently found go last and are kept
 * once there are `maxEntries`.
 *
 * @example
 * const kept = openKeptRedactions("/home/ada/.cache/askcode", { version, memo, log });
 * const reader = createRedactingReader(host.at(sha), { redactions: kept.memo });
 * // … show files …
 * await kept.save();
 */
export function openKeptRedactions(
  dir: string,
  deps: {
    version: string;
    /** What this process remembers (the redacted lines of files that hold a secret too). */
    memo: RedactionMemo;
    log: { warn(message: string): void };
    maxEntries?: number;
  },
): KeptRedactions {
  const path = join(dir, `redactions-v1-${deps.version.slice(0, 16)}.json`);
  const max = deps.maxEntries ?? DEFAULT_MAX_ENTRIES;
  const read = readUnchanged(path, deps.version);
  if (read.problem)
    deps.log.warn(
      `askcode ignored what it kept of redaction in ${path} (${read.problem}); files are redacted again.`,
    );
  const unchanged = new Set(read.keys);
  let changed = false;
  const key = (blobSha: string, path: string) => `${blobSha} ${path}`;
  return {
    memo: {
      get: (blobSha, path) =>
        deps.memo.get(blobSha, path) ??
        (unchanged.has(key(blobSha, path)) ? "unchanged" : undefined),
      set(blobSha, path, redacted) {
        deps.memo.set(blobSha, path, redacted);
        if (redacted !== "unchanged") return;
        const at = key(blobSha, path);
        // Moved last: the most recently found are the last to go.
        unchanged.delete(at);
        unchanged.add(at);
        changed = true;
      },
    },
    async save() {
      if (!changed) return;
      changed = false;
      const keys = [...unchanged].slice(-max);
      try {
        await replaceFile(
          path,
          JSON.stringify({ version: deps.version, unchanged: keys }) + "\n",
        );
      } catch (error) {
        deps.log.warn(
          `askcode could not save what it kept of redaction in ${path} (${(error as NodeJS.ErrnoException).code ?? String(error)}); the next process redacts those files again.`,
        );
      }
    },
  };
}

function readUnchanged(
  path: string,
  version: string,
): { keys: string[]; problem?: string } {
  let text: string;
  try {
    text = readFileSync(path, "utf8");
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    return code === "ENOENT"
      ? { keys: [] }
      : { keys: [], problem: code ?? String(error) };
  }
  try {
    const parsed = JSON.parse(text) as {
      version?: unknown;
      unchanged?: unknown;
    };
    // The name holds a prefix of the version; the whole one is checked here.
    if (parsed.version !== version) return { keys: [] };
    const keys = parsed.unchanged;
    if (!Array.isArray(keys) || !keys.every((k) => typeof k === "string"))
      return { keys: [], problem: "not a list of files" };
    return { keys };
  } catch {
    return { keys: [], problem: "not JSON" };
  }
}
