/** One line of `git blame --porcelain`'s answer, its commit's details filled in. */
export interface BlamedLine {
  /** The line's number in the file blamed. */
  line: number;
  sha: string;
  /** The commit's subject (`summary`). */
  summary: string;
  /** `committer-time`, seconds since the epoch. */
  committedAtSeconds: number;
  /** The file's path in that commit (`filename`): another one when it moved since. */
  filename: string;
}

interface CommitDetails {
  summary: string;
  committedAtSeconds: number;
  filename: string;
}

// "<sha> <original line> <final line>[ <lines in group>]", the first line of each blamed line.
const HEADER = /^([0-9a-f]{40,64}) \d+ (\d+)(?: \d+)?$/;

/**
 * Reads `git blame --porcelain`. Git gives a commit's details (`summary`,
 * `committer-time`, …) the first time the commit appears only,
 * and its `filename` again only when the commit blamed lines under more
 * than one path, so each line takes what was last said of its commit.
 * https://git-scm.com/docs/git-blame#_the_porcelain_format
 *
 * @example
 * parseBlamePorcelain("d668da1… 1 1 1\nsummary one\ncommitter-time 1735689600\nfilename x.txt\n\ta\n")
 * // [{ line: 1, sha: "d668da1…", summary: "one", committedAtSeconds: 1735689600, filename: "x.txt" }]
 */
export function parseBlamePorcelain(output: string): BlamedLine[] {
  const commits = new Map<string, CommitDetails>();
  const lines: BlamedLine[] = [];
  let current: { sha: string; line: number } | undefined;
  for (const row of output.split("\n")) {
    if (row.startsWith("\t")) {
      // The line's text closes its entry.
      if (current) {
        const details = commits.get(current.sha);
        lines.push({
          line: current.line,
          sha: current.sha,
          summary: details?.summary ?? "",
          committedAtSeconds: details?.committedAtSeconds ?? 0,
          filename: details?.filename ?? "",
        });
      }
      current = undefined;
      continue;
    }
    const header = HEADER.exec(row);
    if (header && current === undefined) {
      current = { sha: header[1]!, line: Number(header[2]) };
      if (!commits.has(current.sha))
        commits.set(current.sha, {
          summary: "",
          committedAtSeconds: 0,
          filename: "",
        });
      continue;
    }
    const details = current && commits.get(current.sha);
    if (!details) continue;
    const space = row.indexOf(" ");
    const key = space < 0 ? row : row.slice(0, space);
    const value = space < 0 ? "" : row.slice(space + 1);
    if (key === "summary") details.summary = value;
    else if (key === "committer-time")
      details.committedAtSeconds = Number(value);
    else if (key === "filename") details.filename = value;
  }
  return lines;
}
