import type { Redis } from "ioredis";
import { defineRedisScript } from "../../shared/redis-script.js";
import {
  KEPT_COMMITS,
  type CommitHistory,
  type KeptCommit,
} from "./commit-history.js";

// A repository no one pushes to or asks about for a quarter of a year is
// dropped whole, so the keys stay bounded with the repositories.
const DEFAULT_TTL_SECONDS = 90 * 24 * 60 * 60;
// `previous` as the script takes it: a SHA, "" for none (the first
// commit), "?" unknown.
const NO_COMMIT = "";
const UNKNOWN = "?";

// KEYS: files (sha → JSON list), previous (sha → sha | ""), order (sha by
// the number it was added as), counter. ARGV: bound, TTL, then a triple
// per commit. In one script, so replicas adding at once number each commit
// once and trim to the bound together.
const ADD_COMMITS = `
local max = tonumber(ARGV[1])
for i = 3, #ARGV, 3 do
  local sha, previous, files = ARGV[i], ARGV[i + 1], ARGV[i + 2]
  if redis.call('HSETNX', KEYS[1], sha, files) == 1 then
    redis.call('ZADD', KEYS[3], redis.call('INCR', KEYS[4]), sha)
  end
  if previous ~= '${UNKNOWN}' then redis.call('HSETNX', KEYS[2], sha, previous) end
end
local extra = redis.call('ZCARD', KEYS[3]) - max
if extra > 0 then
  local gone = redis.call('ZPOPMIN', KEYS[3], extra)
  for j = 1, #gone, 2 do
    redis.call('HDEL', KEYS[1], gone[j])
    redis.call('HDEL', KEYS[2], gone[j])
  end
end
for k = 1, 4 do redis.call('EXPIRE', KEYS[k], ARGV[2]) end
return 1
`;

/**
 * The commit history replicas share: per repository, the keys
 * `askcode:co-change:repository:<id>:{files,previous,order,counter}`,
 * added to by one script (a re-delivered push, or two replicas adding the
 * same commits, change nothing), trimmed to the bound, renewed for
 * `ttlSeconds` on each add.
 *
 * @example
 * const history = createRedisCommitHistory({ redis });
 * await history.add(186853002, [{ sha: "b…", previous: "a…", files: ["CHANGES.rst"] }]);
 */
export function createRedisCommitHistory(options: {
  redis: Redis;
  maxCommits?: number;
  ttlSeconds?: number;
}): CommitHistory {
  const { redis } = options;
  const addCommits = defineRedisScript(redis, "askcodeAddCommits", ADD_COMMITS);
  const keys = (repositoryId: number) => {
    const prefix = `askcode:co-change:repository:${repositoryId}`;
    return [
      `${prefix}:files`,
      `${prefix}:previous`,
      `${prefix}:order`,
      `${prefix}:counter`,
    ];
  };
  return {
    async add(repositoryId, commits) {
      if (commits.length === 0) return;
      await addCommits(keys(repositoryId), [
        options.maxCommits ?? KEPT_COMMITS,
        options.ttlSeconds ?? DEFAULT_TTL_SECONDS,
        ...commits.flatMap((commit) => [
          commit.sha,
          commit.previous === undefined
            ? UNKNOWN
            : (commit.previous ?? NO_COMMIT),
          JSON.stringify(commit.files),
        ]),
      ]);
    },
    async read(repositoryId) {
      const [filesKey, previousKey] = keys(repositoryId);
      const [files, previous] = await Promise.all([
        redis.hgetall(filesKey!),
        redis.hgetall(previousKey!),
      ]);
      const commits = new Map<string, KeptCommit>();
      for (const [sha, list] of Object.entries(files)) {
        const before = previous[sha];
        commits.set(sha, {
          sha,
          ...(before !== undefined && {
            previous: before === NO_COMMIT ? null : before,
          }),
          files: JSON.parse(list) as string[],
        });
      }
      return commits;
    },
  };
}
