import type { Redis } from "ioredis";
import { systemClock, type Clock } from "../../shared/clock.js";
import {
  createBurstWarning,
  type WarnLog,
} from "../../shared/burst-warning.js";
import type {
  CachedResponse,
  SharedResponseStore,
} from "../../cache/response-cache.js";

export interface RedisResponseStoreOptions {
  /** The replicas' shared Redis (the commands connection `openStores` builds from REDIS_URL). */
  redis: Redis;
  /** Bodies larger than this stay in each process only (bytes; see the default's figures below). */
  maxBodyBytes?: number;
  /** How long a stored answer is kept, fresh or stale (default 24 h). */
  retentionMs?: number;
  /** Reads the time for the warnings' quiet period. */
  clock?: Pick<Clock, "now">;
  /** Where a Redis failure is reported, once per burst; the read then goes to GitHub. */
  log?: WarnLog;
}

/**
 * The default largest body shared through Redis. `npm run bench:redis-cache`
 * (loopback redis-server, 2 shared cores) times serialise + HSET and HMGET +
 * parse, medians of 20: a recursive tree of 66 KiB 1.1 ms, 257 KiB 2.9 ms,
 * 1 MiB 7.7 ms, 4 MiB 37 ms; a contents answer 0.6, 1.9, 7.2 and 31 ms. A
 * GitHub read takes 100 ms or more, so time alone would share bodies of
 * megabytes; what bounds it is Redis memory, which also holds the job queue
 * (BullMQ wants `noeviction`: a full Redis refuses jobs). 256 KiB covers a
 * recursive tree of about 1,500 files and any file up to ~190 KB through the
 * contents API, which is most reads, for a few milliseconds each; a larger
 * answer costs one request per replica per commit, and its key never grows
 * past the threshold however large repositories get.
 */
export const DEFAULT_REDIS_CACHE_MAX_BODY_BYTES = 256 * 1024;

// A stale copy is worth keeping past its TTL: its ETag earns a 304, which
// costs no rate limit. A day bounds what Redis holds for repositories nobody
// asks about any more; an immutable answer is refetched after a quiet day.
const RETENTION_MS = 24 * 3_600_000;

const KEY_PREFIX = "askcode:cache:";

/** How a body is written to Redis and read back as Octokit handed it over. */
type BodyKind = "json" | "text" | "bytes";

/** The fields of a stored answer besides its ETag, fetch time and body. */
interface StoredMeta {
  status: number;
  headers: Record<string, string>;
  bytes: number;
  immutable: boolean;
  body: BodyKind;
}

/**
 * The GitHub response cache's shared level: one Redis hash per answer,
 * `askcode:cache:installation:42:GET /repos/{owner}/{repo}/git/trees/{tree_sha} …`
 * (the process cache's key, which starts with the installation), holding the
 * ETag, when GitHub last vouched for the body, the kept headers and the body.
 * Every key expires (`retentionMs`); bodies over `maxBodyBytes` are not
 * written. Freshness is decided by the cache (`freshForMs`), not here.
 *
 * Redis failing never fails a read: a failed read is a miss, a failed write
 * is skipped, and while the connection is known to be down (reconnecting)
 * Redis is not asked at all, so reads do not wait on it.
 *
 * @example
 * const cache = createResponseCache({ ttlMs, shared: createRedisResponseStore({ redis, log: app.log }) });
 */
export function createRedisResponseStore(
  options: RedisResponseStoreOptions,
): SharedResponseStore {
  const { redis } = options;
  const maxBodyBytes =
    options.maxBodyBytes ?? DEFAULT_REDIS_CACHE_MAX_BODY_BYTES;
  const retentionMs = options.retentionMs ?? RETENTION_MS;
  const warning = createBurstWarning({
    log: options.log,
    clock: options.clock ?? systemClock,
  });
  // ioredis reconnects on its own; meanwhile commands would queue and time out.
  const knownDown = () =>
    redis.status === "reconnecting" ||
    redis.status === "close" ||
    redis.status === "end";
  async function attempt<T>(
    work: () => Promise<T>,
    what: string,
  ): Promise<T | undefined> {
    if (knownDown()) return undefined;
    try {
      const result = await work();
      warning.recovered();
      return result;
    } catch (error) {
      warning.failed(
        error,
        `askcode could not ${what} the shared GitHub response cache in Redis; reading from GitHub`,
      );
      return undefined;
    }
  }
  return {
    read: (key) =>
      attempt(async () => {
        const [etag, fetchedAt, meta, body] = await redis.hmgetBuffer(
          KEY_PREFIX + key,
          "etag",
          "fetched_at",
          "meta",
          "body",
        );
        if (!fetchedAt || !meta || !body) return undefined;
        const stored = JSON.parse(meta.toString("utf8")) as StoredMeta;
        return {
          status: stored.status,
          data: parseBody(stored.body, body),
          ...(etag ? { etag: etag.toString("utf8") } : {}),
          headers: stored.headers,
          bytes: stored.bytes,
          immutable: stored.immutable,
          fetchedAt: Number(fetchedAt.toString("utf8")),
        } satisfies CachedResponse;
      }, "read"),
    vouchedAt: (key, etag) =>
      attempt(async () => {
        const [stored, fetchedAt] = await redis.hmget(
          KEY_PREFIX + key,
          "etag",
          "fetched_at",
        );
        return stored === etag && fetchedAt ? Number(fetchedAt) : undefined;
      }, "read"),
    write: async (key, response) => {
      await attempt(async () => {
        const redisKey = KEY_PREFIX + key;
        // Too large to share: drop an older copy so no replica serves it as fresh.
        if (response.bytes > maxBodyBytes) {
          await redis.del(redisKey);
          return;
        }
        const { kind, body } = serialiseBody(response.data);
        const meta: StoredMeta = {
          status: response.status,
          headers: response.headers,
          bytes: response.bytes,
          immutable: response.immutable,
          body: kind,
        };
        const results = await redis
          .multi()
          .del(redisKey)
          .hset(redisKey, {
            ...(response.etag ? { etag: response.etag } : {}),
            fetched_at: String(response.fetchedAt),
            meta: JSON.stringify(meta),
            body,
          })
          .pexpire(redisKey, retentionMs)
          .exec();
        const failed = results?.find(([error]) => error)?.[0];
        if (failed) throw failed;
      }, "write to");
    },
  };
}

function serialiseBody(data: unknown): { kind: BodyKind; body: Buffer } {
  if (typeof data === "string")
    return { kind: "text", body: Buffer.from(data, "utf8") };
  if (data instanceof ArrayBuffer)
    return { kind: "bytes", body: Buffer.from(data) };
  if (ArrayBuffer.isView(data))
    return {
      kind: "bytes",
      body: Buffer.from(data.buffer, data.byteOffset, data.byteLength),
    };
  return { kind: "json", body: Buffer.from(JSON.stringify(data ?? null)) };
}

function parseBody(kind: BodyKind, body: Buffer): unknown {
  if (kind === "text") return body.toString("utf8");
  // Octokit hands a binary body over as an ArrayBuffer.
  if (kind === "bytes")
    return body.buffer.slice(
      body.byteOffset,
      body.byteOffset + body.byteLength,
    );
  return JSON.parse(body.toString("utf8"));
}
