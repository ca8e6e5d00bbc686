// What git says of a file's lines at one commit, for the history study
// (bench/history/history-density.ts): the commit that last changed each line
// (`git blame --porcelain`) and where that commit sits in the repository's
// recent history. Nothing after the commit is read: blame and log both start
// there, so a question's fix cannot leak into its own signals.
import { runGit } from "../../src/code-host/local/run-git.js";

/** The repository's last commits back from one commit, newest first. */
export interface RecentLog {
  /** A commit's position: 0 for the commit itself, 1 for its parent, … */
  position: Map<string, number>;
  /** Committer time (seconds) of the commit the log starts at. */
  baseTime: number;
  /** Per path, the positions of the commits that touched it, newest first. */
  fileCommits: Map<string, number[]>;
  /** Commits read (a position of this many or more: older than the log). */
  depth: number;
}

/** Each line's last change: `sha[i]` for line i + 1, and each commit's time. */
export interface FileBlame {
  sha: string[];
  time: Map<string, number>;
}

/**
 * The last `depth` commits back from `commit` with the files each touched,
 * read as the co-change tier reads them (renames as a deletion and an
 * addition, commits touching many files kept: churn counts them too).
 *
 * @example
 * const log = await readRecentLog(mirror, base, 2000);
 * log.fileCommits.get("src/app.py")?.[0] // how many commits ago it last changed
 */
export async function readRecentLog(
  root: string,
  commit: string,
  depth: number,
): Promise<RecentLog> {
  const { code, stdout, stderr } = await runGit(root, [
    "-c",
    "core.quotePath=false",
    "log",
    "--no-renames",
    "--name-only",
    "--format=%x00%H %ct",
    "-n",
    String(depth),
    commit,
    "--",
  ]);
  if (code !== 0) throw new Error(`git log ${commit}: ${stderr}`);
  const position = new Map<string, number>();
  const fileCommits = new Map<string, number[]>();
  let baseTime = 0;
  for (const record of stdout.toString("utf8").split("\0").slice(1)) {
    const [head = "", ...paths] = record.split("\n");
    const [sha = "", time = "0"] = head.split(" ");
    const at = position.size;
    if (at === 0) baseTime = Number(time);
    position.set(sha, at);
    for (const path of paths) {
      if (path === "") continue;
      const list = fileCommits.get(path) ?? [];
      list.push(at);
      fileCommits.set(path, list);
    }
  }
  return { position, baseTime, fileCommits, depth };
}

const HEADER = /^([0-9a-f]{40}) \d+ (\d+)(?: \d+)?$/;

/**
 * Parses `git blame --porcelain` output: every line of the file gets a
 * header naming its commit, and a commit's first header is followed by its
 * details, `committer-time` among them.
 *
 * @example
 * parseBlame(out).sha[0] // the commit that last changed line 1
 */
export function parseBlame(text: string): FileBlame {
  const sha: string[] = [];
  const time = new Map<string, number>();
  let current = "";
  for (const line of text.split("\n")) {
    const header = HEADER.exec(line);
    if (header) {
      current = header[1] as string;
      sha[Number(header[2]) - 1] = current;
    } else if (line.startsWith("committer-time "))
      time.set(current, Number(line.slice("committer-time ".length)));
  }
  return { sha, time };
}

/** `git blame --porcelain commit -- path`, parsed; undefined when git cannot blame it. */
export async function blameFile(
  root: string,
  commit: string,
  path: string,
): Promise<FileBlame | undefined> {
  const { code, stdout } = await runGit(root, [
    "blame",
    "--porcelain",
    commit,
    "--",
    path,
  ]);
  return code === 0 ? parseBlame(stdout.toString("utf8")) : undefined;
}
