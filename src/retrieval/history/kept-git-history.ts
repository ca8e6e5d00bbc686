import type { BlobStore } from "../../cache/blob-store.js";
import type { CoChangeHistory } from "./co-change-history.js";
import { readGitHistory } from "./read-git-history.js";

// The history at a commit never changes: kept once, by the commit's SHA.
// The version names the layout and the bounds (HISTORY_DEPTH,
// MAX_COMMIT_FILES): a change to either reads a new kind.
const HISTORY_KIND = "co-change:v1";

export interface KeptGitHistoryDeps {
  /** Where the history is kept between runs (a CLI cache directory's store); none: read each time. */
  blobs?: BlobStore;
  readGitHistory?: typeof readGitHistory;
}

/**
 * A local repository's co-change history at `commit` (a full SHA), read
 * from `git log` once and then from `blobs`, where a warm question finds it
 * for one small read. Undefined as `readGitHistory` gives it (no git, not a
 * repository, a shallow clone), and then nothing is kept.
 *
 * @example
 * const history = await keptGitHistory("/src/app", resolved.sha, { blobs });
 */
export async function keptGitHistory(
  root: string,
  commit: string,
  deps: KeptGitHistoryDeps = {},
): Promise<CoChangeHistory | undefined> {
  const { blobs } = deps;
  const kept = await blobs?.get(HISTORY_KIND, commit);
  if (kept) {
    const commits = parseKept(kept);
    if (commits) return { commit, commits };
  }
  const read = await (deps.readGitHistory ?? readGitHistory)(root, commit);
  if (read && blobs)
    await blobs.put(
      HISTORY_KIND,
      commit,
      Buffer.from(JSON.stringify(read.commits)),
    );
  return read;
}

/** The kept commits, or undefined when the entry is not what `keptGitHistory` writes (it is read again). */
function parseKept(bytes: Buffer): string[][] | undefined {
  try {
    const commits: unknown = JSON.parse(bytes.toString("utf8"));
    const valid =
      Array.isArray(commits) &&
      commits.every(
        (files) =>
          Array.isArray(files) && files.every((f) => typeof f === "string"),
      );
    return valid ? (commits as string[][]) : undefined;
  } catch {
    return undefined;
  }
}
