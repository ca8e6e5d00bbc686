import { createHash } from "node:crypto";
import { lstatSync } from "node:fs";
import { join } from "node:path";
import type { DiskStamp } from "../code-host.js";
import { runGit } from "./run-git.js";
import { stampOf } from "./stamp-of.js";

// `git ls-files -t`'s tag of a tracked file that git found unchanged ("H").
const UNCHANGED = "H".charCodeAt(0);
const SPACE = " ".charCodeAt(0);

/** A work tree's stamp, and the paths git listed in taking it. */
export interface TakenStamp {
  stamp: DiskStamp;
  paths: string[];
}

/**
 * The stamp of a work tree's files, taken by one `git ls-files` instead of
 * a listing (which stamps every file with an lstat: on 6,713 files about
 * 100 ms of a warm question, against git's 20). Git prints what its index
 * holds (every tracked path, its mode and blob SHA), then tags each tracked
 * file it finds changed or gone, and lists the untracked files no ignore
 * rule keeps out (`gitWorkingTreePaths`' listing). A tracked file git calls
 * unchanged is named by its blob SHA: git compares it to the stat data its
 * index holds, and reads its content where that cannot be trusted (git's
 * "racily clean" entries). Every other file (changed, untracked, or one git
 * is told not to look at: assume-unchanged, skip-worktree) is named by its
 * own stamp here, and `changedAtMs` is the latest of theirs (0 when git
 * vouches for every file), for the caller's trust rule.
 *
 * So the key changes whenever a file that the listing would show appears,
 * goes, or changes. Not seen: a file rewritten with other bytes that git
 * still calls unchanged, as after a change of line-ending settings and a
 * new checkout (git compares content after its filters). Undefined when
 * git cannot say (not a work tree).
 *
 * With the stamp come the paths git listed, the ones the listing lists
 * (`gitWorkingTreePaths`, whose git call this one's stands in for), so that
 * a stamp that finds no kept index costs no second call.
 *
 * @example
 * await workingTreeStamp("/home/ada/flask") // { stamp: { key: "5c1f…", changedAtMs: 0 }, paths: ["CHANGES.rst", …] }
 */
export async function workingTreeStamp(
  root: string,
): Promise<TakenStamp | undefined> {
  const { code, stdout } = await runGit(root, [
    "ls-files",
    "-z",
    // A tag a record (-t), lowercase for assume-unchanged files (-v).
    "-t",
    "-v",
    "--stage",
    "--cached",
    "--modified",
    "--deleted",
    "--others",
    "--exclude-standard",
  ]);
  if (code !== 0) return undefined;
  const hash = createHash("sha1").update(stdout);
  let changedAtMs = 0;
  const paths: string[] = [];
  // Decoded once and split (a NUL is never part of a UTF-8 character):
  // decoding record by record cost a few ms on 6,713 files.
  const records = stdout.toString("utf8").split("\0");
  // The output ends with a NUL: the last "record" is empty.
  if (records[records.length - 1] === "") records.pop();
  for (const record of records) {
    const path = pathOf(record);
    // A changed or gone file is listed again, tagged: once is enough.
    if (path !== paths[paths.length - 1]) paths.push(path);
    if (record.charCodeAt(0) !== UNCHANGED || record.charCodeAt(1) !== SPACE) {
      const stamp = lstatStamp(join(root, path));
      // A file that cannot be stamped (unreadable) is left to the listing.
      if (stamp === "unknown") return undefined;
      hash.update(`\0${path}\0${stamp?.key ?? "absent"}`);
      changedAtMs = Math.max(changedAtMs, stamp?.changedAtMs ?? 0);
    }
  }
  return { stamp: { key: hash.digest("hex"), changedAtMs }, paths };
}

// "? <path>" for an untracked file; "<tag> <mode> <sha> <stage>\t<path>"
// for a tracked one.
function pathOf(record: string): string {
  return record.startsWith("? ")
    ? record.slice(2)
    : record.slice(record.indexOf("\t") + 1);
}

function lstatStamp(path: string): DiskStamp | undefined | "unknown" {
  try {
    const stats = lstatSync(path, { throwIfNoEntry: false });
    return stats && stampOf(stats);
  } catch (error) {
    // A parent that became a file: gone as surely as a missing one.
    return (error as NodeJS.ErrnoException).code === "ENOTDIR"
      ? undefined
      : "unknown";
  }
}
