import type { PathMention } from "../query/path-mentions.js";
import { pathTable } from "../rank/path-table.js";
import { resolvePathMentions } from "../rank/resolve-path-mentions.js";

/**
 * The files of a tree listing that the question names: stack-frame files,
 * written paths and file names, and modules (`findPathMentions`), matched as
 * retrieval matches them (`resolvePathMentions`: longest common tail, a
 * module's own file). Strongest mention first (`PATH_WEIGHTS`: a written
 * path, then a stack frame, then a module), then in the order written. A module that only matches a
 * whole package names no one file, so it adds none here; path search ranks
 * that package's files by the question's terms.
 *
 * @example
 * namedFiles(["astropy/io/fits/fitsrec.py", "setup.py"], analyzeQuery("bug in ``fitsrec.py``").paths)
 * // ["astropy/io/fits/fitsrec.py"]
 */
export function namedFiles(
  paths: readonly string[],
  mentions: readonly PathMention[],
): string[] {
  const ordered = mentions
    .map((mention, at) => ({ mention, at }))
    .sort((a, b) => b.mention.weight - a.mention.weight || a.at - b.at)
    .map(({ mention }) => mention);
  const out = new Set<string>();
  for (const match of resolvePathMentions(pathTable(paths), ordered))
    if (match.scope === "file") out.add(paths[match.fileId] as string);
  return [...out];
}
