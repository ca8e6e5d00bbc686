import type {
  CodeReader,
  FileContent,
  TreeEntry,
} from "../code-host/code-host.js";
import { isSecretPath } from "../policy/secret-files.js";
import { normalizeRepoPath } from "../shared/repo-path.js";
import type { CitationVerdict, VerifyCitation } from "./citation-verdict.js";
import { checkCitedLines } from "./check-cited-lines.js";
import type { SeenRanges } from "./seen-ranges.js";

/**
 * A `VerifyCitation` that answers from `reader` (the repository at the run's
 * SHA) and `seen` (what the run showed the model). The rule:
 *
 * 1. The path must be a repository path, and not a secret file.
 * 2. It must be a file the run showed. A path never shown is corrected to the
 *    one shown file whose path ends with it (`upload.ts` → `src/upload.ts`,
 *    matching case only if nothing matches exactly), or removed: unknown,
 *    ambiguous, or existing but never read.
 * 3. Lines must lie within the file and within what was shown of it. A range
 *    running past the end is clamped to the file's length; a range
 *    overlapping exactly one shown range is clamped to it; anything else is
 *    removed.
 *
 * The tree is listed once and each file read at most once, however often the
 * answer cites it.
 *
 * @example
 * const verify = createCitationVerifier(host.at(sha), seen);
 * await verify("upload.ts", [9, 400])
 * // { status: "corrected", path: "src/upload.ts", range: [9, 58],
 * //   why: "upload.ts is src/upload.ts; src/upload.ts has 58 lines" }
 */
export function createCitationVerifier(
  reader: CodeReader,
  seen: SeenRanges,
): VerifyCitation {
  let tree: Promise<Map<string, string> | undefined> | undefined;
  const reads = new Map<string, Promise<FileContent>>();
  const sha7 = reader.sha.slice(0, 7);
  // Entry type by path; undefined when the listing failed or was cut short.
  const listTree = () =>
    (tree ??= reader.listTree().then(
      (t) => (t.truncated ? undefined : entryTypes(t.entries)),
      () => undefined,
    ));
  // A read that fails (GitHub down, a rate limit) cannot confirm anything:
  // the citation is treated as not found rather than failing the answer.
  const read = (path: string) => {
    let r = reads.get(path);
    if (!r)
      reads.set(
        path,
        (r = reader.readFile(path).catch((): FileContent => ({
          kind: "missing",
          path,
          note: "Could not be read.",
        }))),
      );
    return r;
  };
  const typeOf = async (path: string): Promise<string> => {
    const known = (await listTree())?.get(path);
    if (known) return known;
    if (await listTree()) return "missing";
    const content = await read(path);
    return content.kind === "text" || content.kind === "binary"
      ? "file"
      : content.kind;
  };

  return async (cited, range) => {
    let path: string;
    try {
      path = normalizeRepoPath(cited);
    } catch {
      return removed(
        "invalid",
        `\`${cited}\` is not a path inside the repository`,
      );
    }
    if (path === "")
      return removed("invalid", "the repository root is not a file");
    if (isSecretPath(path))
      return removed(
        "secret",
        `\`${path}\` may hold secrets; askcode does not read or link it`,
      );

    const resolved = await resolvePath(path);
    if (resolved.status === "removed") return resolved;
    if (!range) return resolved;
    const content = await read(resolved.path);
    const lines = checkCitedLines({
      path: resolved.path,
      range,
      content,
      shown: seen.rangesOf(resolved.path) ?? [],
    });
    if (lines.status === "removed") return lines;
    const whys = [resolved, lines].flatMap((v) =>
      v.status === "corrected" ? [v.why] : [],
    );
    return whys.length === 0
      ? {
          status: "kept",
          path: resolved.path,
          ...(lines.range && { range: lines.range }),
        }
      : {
          status: "corrected",
          path: resolved.path,
          ...(lines.range && { range: lines.range }),
          why: whys.join("; "),
        };
  };

  async function resolvePath(path: string): Promise<CitationVerdict> {
    const type = await typeOf(path);
    if (seen.rangesOf(path) !== undefined && type === "file")
      return { status: "kept", path };
    const candidates = await shownEndingWith(path);
    if (candidates.length === 1) {
      const to = candidates[0] as string;
      return {
        status: "corrected",
        path: to,
        why: `\`${path}\` is \`${to}\`, the one file shown whose path ends with it`,
      };
    }
    if (candidates.length > 1)
      return removed(
        "ambiguous",
        `\`${path}\` could be any of ${candidates
          .slice(0, 3)
          .map((c) => `\`${c}\``)
          .join(", ")}`,
      );
    if (type === "file")
      return removed(
        "unseen",
        `\`${path}\` exists but was not among the files this run read`,
      );
    if (type !== "missing")
      return removed(
        "not-a-file",
        `\`${path}\` is a ${type === "dir" ? "directory" : type}, not a file`,
      );
    return removed("missing", `no file \`${path}\` at \`${sha7}\``);
  }

  async function shownEndingWith(path: string): Promise<string[]> {
    const shown: string[] = [];
    for (const p of seen.paths())
      if (p !== path && (await typeOf(p)) === "file") shown.push(p);
    const exact = shown.filter((p) => p.endsWith(`/${path}`));
    if (exact.length > 0) return exact;
    const lower = path.toLowerCase();
    return shown.filter(
      (p) => p.toLowerCase() === lower || p.toLowerCase().endsWith(`/${lower}`),
    );
  }
}

/** Entry type by path, with the directories that hosts leave out of a tree implied by the files below them. */
function entryTypes(entries: readonly TreeEntry[]): Map<string, string> {
  const types = new Map<string, string>();
  for (const e of entries) {
    types.set(e.path, e.type);
    for (let i = e.path.indexOf("/"); i > 0; i = e.path.indexOf("/", i + 1))
      if (!types.has(e.path.slice(0, i))) types.set(e.path.slice(0, i), "dir");
  }
  return types;
}

function removed(
  code: Extract<CitationVerdict, { status: "removed" }>["code"],
  why: string,
): CitationVerdict {
  return { status: "removed", code, why };
}
