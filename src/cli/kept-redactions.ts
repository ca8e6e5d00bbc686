import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import type { LineEdit } from "../code-host/line-edits.js";
import type { RedactionMemo } from "../code-host/redaction-memo.js";
import { replaceFile } from "./replace-file.js";

/** What redaction made of files, kept in a cache directory between processes. */
export interface KeptRedactions {
  /** Hand to `createRedactingReader({ redactions })`. */
  memo: RedactionMemo;
  /** Writes what redaction made of files back, when any were added; never throws (a failure is a warning). */
  save(): Promise<void>;
}

// About 100 bytes each on disk (a blob SHA and a path), and each edit of a
// file with a secret (a line, a span, a marker: about 40 bytes) counts as
// one more: 50,000 is under 5 MB, several checkouts the size of django whole.
const DEFAULT_MAX_ENTRIES = 50_000;

// Most files with a secret have a few edits; one with more than this many
// is redacted again in each process rather than let a generated file of
// keys push a checkout's other files out.
const MAX_KEPT_EDITS = 64;

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
 * A redaction memo for `askcode mcp` whose findings outlive the process, in
 * the cache directory: so a new server, or a call showing files an earlier
 * server showed, redacts only the files no process of this version redacted
 * before (secretlint reads about 5 MB a second, `npm run bench:redact`: some
 * 80 ms for the files a question on a large checkout shows, a third of it on
 * files that hold a secret).
 *
 * A file is named by its blob SHA (of its text, `nameBlobsByText`) and its
 * path, as the memo names it: what redaction makes of a file depends on
 * nothing else but the rules, and the rules' version (`redactionVersion`)
 * names the file the findings are kept in, so a build with other rules
 * never reads them. For a file with no secret (most files) only that is
 * kept; for one with a secret, the edits that redact it (`lineEdits`: a
 * line, the span of it the redaction replaced, and the marker that replaced
 * it). No secret is written to disk, nor any other text of the file: a
 * marker is cut from the redacted line, and the rest of the line is read
 * again from the file itself (the same blob, so the same bytes) when the
 * edits are applied. A file with more than `MAX_KEPT_EDITS` is redacted
 * again in each process, so the file stays bounded. Kept only for a reader
 * given no secrets of askcode's own (`ownSecrets`), which the CLI never has.
 *
 * A missing file is an empty memo; an unreadable or malformed one is warned
 * about and started afresh. The most recently found go last and are kept
 * once there are `maxEntries` (a file counting one, and one more for each
 * edit).
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
    /** What this process remembers (files with too many edits to keep too). */
    memo: RedactionMemo;
    log: { warn(message: string): void };
    maxEntries?: number;
  },
): KeptRedactions {
  const path = join(dir, `redactions-v2-${deps.version.slice(0, 16)}.json`);
  const max = deps.maxEntries ?? DEFAULT_MAX_ENTRIES;
  const read = readKept(path, deps.version);
  if (read.problem)
    deps.log.warn(
      `askcode ignored what it kept of redaction in ${path} (${read.problem}); files are redacted again.`,
    );
  const kept = new Map(read.files);
  let changed = false;
  const key = (blobSha: string, path: string) => `${blobSha} ${path}`;
  return {
    memo: {
      get: (blobSha, path) =>
        deps.memo.get(blobSha, path) ?? kept.get(key(blobSha, path)),
      set(blobSha, path, redacted) {
        deps.memo.set(blobSha, path, redacted);
        if (redacted !== "unchanged" && redacted.length > MAX_KEPT_EDITS)
          return;
        const at = key(blobSha, path);
        // Moved last: the most recently found are the last to go.
        kept.delete(at);
        kept.set(at, redacted);
        changed = true;
      },
    },
    async save() {
      if (!changed) return;
      changed = false;
      const files = mostRecent(kept, max).map(([at, redacted]) => [
        at,
        redacted === "unchanged"
          ? redacted
          : redacted.map((e) => [e.line, e.start, e.end, e.text]),
      ]);
      try {
        await replaceFile(
          path,
          JSON.stringify({ version: deps.version, files }) + "\n",
        );
      } catch (error) {
        deps.log.warn(
          `askcode could not save what it kept of redaction in ${path} (${(error as NodeJS.ErrnoException).code ?? String(error)}); the next process redacts those files again.`,
        );
      }
    },
  };
}

type Kept = readonly LineEdit[] | "unchanged";

/** The last-found files whose entries (one each, and one per edit) fit in `max`, oldest first. */
function mostRecent(kept: Map<string, Kept>, max: number): [string, Kept][] {
  const files = [...kept];
  let room = max;
  let from = files.length;
  while (from > 0) {
    const redacted = files[from - 1]![1];
    room -= redacted === "unchanged" ? 1 : 1 + redacted.length;
    if (room < 0) break;
    from -= 1;
  }
  return files.slice(from);
}

function readKept(
  path: string,
  version: string,
): { files: [string, Kept][]; problem?: string } {
  let text: string;
  try {
    text = readFileSync(path, "utf8");
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    return code === "ENOENT"
      ? { files: [] }
      : { files: [], problem: code ?? String(error) };
  }
  let parsed: { version?: unknown; files?: unknown };
  try {
    parsed = JSON.parse(text) as typeof parsed;
  } catch {
    return { files: [], problem: "not JSON" };
  }
  // The name holds a prefix of the version; the whole one is checked here.
  if (parsed.version !== version) return { files: [] };
  const files = Array.isArray(parsed.files)
    ? parsed.files.map(parseEntry)
    : [undefined];
  if (files.some((entry) => entry === undefined))
    return { files: [], problem: "not a list of files" };
  return { files: files as [string, Kept][] };
}

/** `[key, "unchanged" | [[line, start, end, marker], …]]`, or undefined when it is not. */
function parseEntry(entry: unknown): [string, Kept] | undefined {
  if (!Array.isArray(entry) || typeof entry[0] !== "string") return undefined;
  const [at, kept] = entry as [string, unknown];
  if (kept === "unchanged") return [at, kept];
  if (!Array.isArray(kept) || kept.length === 0) return undefined;
  const edits: LineEdit[] = [];
  for (const edit of kept) {
    if (!Array.isArray(edit) || edit.length !== 4) return undefined;
    const [line, start, end, text] = edit as unknown[];
    if (
      !isIndex(line) ||
      !isIndex(start) ||
      !isIndex(end) ||
      end < start ||
      typeof text !== "string"
    )
      return undefined;
    edits.push({ line, start, end, text });
  }
  return [at, edits];
}

function isIndex(value: unknown): value is number {
  return Number.isSafeInteger(value) && (value as number) >= 0;
}
