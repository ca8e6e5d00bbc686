import type { DatabaseSync } from "node:sqlite";
import type { Clock } from "../../shared/clock.js";
import { inTransaction } from "../sqlite/in-transaction.js";
import {
  KEPT_COMMITS,
  type CommitHistory,
  type KeptCommit,
} from "./commit-history.js";

// As the Redis history lasts: a repository untouched for a quarter of a
// year is dropped whole.
const DEFAULT_TTL_MS = 90 * 24 * 60 * 60 * 1000;
// `previous` as stored: a SHA, "" for none (the first commit), NULL unknown.
const NO_COMMIT = "";

/**
 * The commit history of one process without Redis, in the embedded store
 * (`kept_commits`, one row per commit): an add is one transaction that
 * numbers new commits after the repository's others, fills in a `previous`
 * only where it was unknown, and trims the repository to the bound; a
 * repository not added to for the TTL is dropped.
 *
 * @example
 * const history = createSqliteCommitHistory(db, { clock: systemClock });
 * await history.add(186853002, [{ sha: "b…", previous: "a…", files: ["CHANGES.rst"] }]);
 */
export function createSqliteCommitHistory(
  db: DatabaseSync,
  options: { clock: Pick<Clock, "now">; maxCommits?: number; ttlMs?: number },
): CommitHistory {
  const max = options.maxCommits ?? KEPT_COMMITS;
  const ttl = options.ttlMs ?? DEFAULT_TTL_MS;
  const next = db.prepare(
    "SELECT COALESCE(MAX(seq) + 1, 0) AS next FROM kept_commits WHERE repository_id = ?",
  );
  const insert = db.prepare(
    `INSERT INTO kept_commits (repository_id, sha, seq, previous, files) VALUES (?, ?, ?, ?, ?)
     ON CONFLICT (repository_id, sha) DO UPDATE SET previous = COALESCE(previous, excluded.previous)`,
  );
  const trim = db.prepare(
    `DELETE FROM kept_commits WHERE repository_id = ? AND seq < (
       SELECT seq FROM kept_commits WHERE repository_id = ? ORDER BY seq DESC LIMIT 1 OFFSET ?)`,
  );
  const touch = db.prepare(
    "INSERT OR REPLACE INTO kept_commit_repositories (repository_id, expires_at) VALUES (?, ?)",
  );
  const expired = db.prepare(
    "SELECT repository_id FROM kept_commit_repositories WHERE expires_at <= ?",
  );
  const dropCommits = db.prepare(
    "DELETE FROM kept_commits WHERE repository_id = ?",
  );
  const dropRepository = db.prepare(
    "DELETE FROM kept_commit_repositories WHERE repository_id = ?",
  );
  const select = db.prepare(
    "SELECT sha, previous, files FROM kept_commits WHERE repository_id = ?",
  );
  return {
    async add(repositoryId, commits) {
      if (commits.length === 0) return;
      const now = options.clock.now();
      inTransaction(db, () => {
        for (const { repository_id } of expired.all(now) as {
          repository_id: number;
        }[]) {
          dropCommits.run(repository_id);
          dropRepository.run(repository_id);
        }
        let seq = (next.get(repositoryId) as { next: number }).next;
        for (const commit of commits)
          insert.run(
            repositoryId,
            commit.sha,
            seq++,
            commit.previous === undefined
              ? null
              : (commit.previous ?? NO_COMMIT),
            JSON.stringify(commit.files),
          );
        trim.run(repositoryId, repositoryId, max - 1);
        touch.run(repositoryId, now + ttl);
      });
    },
    async read(repositoryId) {
      const rows = select.all(repositoryId) as {
        sha: string;
        previous: string | null;
        files: string;
      }[];
      return new Map(
        rows.map((row): [string, KeptCommit] => [
          row.sha,
          {
            sha: row.sha,
            ...(row.previous !== null && {
              previous: row.previous === NO_COMMIT ? null : row.previous,
            }),
            files: JSON.parse(row.files) as string[],
          },
        ]),
      );
    },
  };
}
