import type { Redis } from "ioredis";
import type { DatabaseSync } from "node:sqlite";
import type { AnswerRecords } from "../storage/answer-records/answer-record.js";
import { createRedisAnswerRecords } from "../storage/answer-records/redis-answer-records.js";
import { createSqliteAnswerRecords } from "../storage/answer-records/sqlite-answer-records.js";
import { createRedisResponseStore } from "../storage/response-store/redis-response-store.js";
import type { SharedResponseStore } from "../cache/response-cache.js";
import {
  createSearchPacer,
  type SearchPacer,
  type SearchPacerOptions,
} from "../code-host/github/search-pacer.js";
import { createRedisSearchPacer } from "../code-host/github/search-pacer-redis.js";
import type { OperatorConfig } from "../config/operator-config.js";
import { createInProcessQueue } from "../jobs/in-process-queue.js";
import { createRedisDedupStore } from "../storage/dedup/redis-dedup-store.js";
import { createRedisQueue } from "../jobs/redis-queue.js";
import { createSqliteJobJournal } from "../storage/job-journal/sqlite-job-journal.js";
import { createRedisQuestionLimiter } from "../storage/question-limiter/redis-question-limiter.js";
import { createRedisSpendLedger } from "../storage/spend-ledger/redis-spend-ledger.js";
import { createSqliteQuestionLimiter } from "../storage/question-limiter/sqlite-question-limiter.js";
import { createSqliteSpendLedger } from "../storage/spend-ledger/sqlite-spend-ledger.js";
import type { QuestionLimiter } from "../storage/question-limiter/question-limiter.js";
import type { SpendLedger } from "../storage/spend-ledger/spend-ledger.js";
import type { ReactionMemory } from "../storage/reaction-memory/reaction-memory.js";
import type { CommitHistory } from "../storage/commit-history/commit-history.js";
import { createRedisCommitHistory } from "../storage/commit-history/redis-commit-history.js";
import { createSqliteCommitHistory } from "../storage/commit-history/sqlite-commit-history.js";
import { createRedisReactionMemory } from "../storage/reaction-memory/redis-reaction-memory.js";
import { createSqliteReactionMemory } from "../storage/reaction-memory/sqlite-reaction-memory.js";
import type { JobCanceller, JobQueue, JobRunner } from "../jobs/job-queue.js";
import { createRedisConnection } from "../storage/redis/create-redis-connection.js";
import type { RedisOutageLog } from "../storage/redis/report-redis-outages.js";
import type { Clock } from "../shared/clock.js";
import { openSqliteDatabase } from "../storage/sqlite/open-sqlite-database.js";
import { closingAlso } from "./closing-also.js";

/** The operator's settings the stores are opened with. */
export type StoreSettings = Pick<
  OperatorConfig,
  "redisUrl" | "dataDir" | "redisCacheMaxBodyBytes" | "concurrency" | "jobs"
>;

export interface StoreDeps {
  clock: Clock;
  /** Where a store reports a failure it goes on through (a Redis outage, a stuck job). */
  log: RedisOutageLog;
  /** Observes the seconds each code search waited for the pacer (a metrics histogram). */
  searchWaits?: SearchPacerOptions["waits"];
  /**
   * With Redis: how long a running job's lock lasts and how often workers
   * look for lapsed ones (BullMQ's 30 s each by default).
   */
  redisQueueTiming?: { lockDurationMs: number; stalledIntervalMs: number };
}

/** What the queue does with a job, known only once the clients it runs with are built. */
export interface QueueHandlers {
  run: JobRunner;
  cancel: JobCanceller;
}

/** Every durable store the app keeps, on the one backend the operator chose. */
export interface Stores {
  /** Questions per person and per repository per hour. */
  questionLimiter: QuestionLimiter;
  /** Model tokens held and spent per installation and repository. */
  spendLedger: SpendLedger;
  /** What each answer cited, for the staleness watch and "answered before". */
  answerRecords: AnswerRecords;
  /** The 👎 each answer had when last read, so a reread counts only what is new. */
  reactions: ReactionMemory;
  /** Each repository's default-branch commits and their files, for packing's co-change tier. */
  commitHistory: CommitHistory;
  /** The code-search budget per installation. */
  pacer: SearchPacer;
  /** GitHub's answers with their ETags, shared by replicas (Redis only: one process has its own cache). */
  sharedResponses?: SharedResponseStore;
  /**
   * The durable job queue (with its journal or dedup store), built once its
   * handlers exist. Call it once: its `close` releases the stores (the
   * database, or the Redis connections), so the queue is the last to close.
   */
  openQueue(handlers: QueueHandlers): JobQueue;
}

/**
 * Opens every durable store of the app on one backend, the only place that
 * asks which (docs/architecture/overview.md). With `REDIS_URL`, replicas
 * share them through one commands connection, which fails a request rather
 * than waiting out an outage, so the pacer and the limiter go ahead and the
 * cache reads GitHub when Redis is down; the queue adds a worker connection
 * of its own. Without it, one process keeps the same state in its embedded
 * store (`ASKCODE_DATA_DIR`), so a restart loses, doubles and strands nothing
 * either.
 *
 * @example
 * const stores = await openStores(operator, { clock, log: app.log });
 * const queue = stores.openQueue({ run, cancel });
 */
export async function openStores(
  settings: StoreSettings,
  deps: StoreDeps,
): Promise<Stores> {
  return settings.redisUrl
    ? openRedisStores(
        settings.redisUrl,
        createRedisConnection(settings.redisUrl, "commands"),
        settings,
        deps,
      )
    : openEmbeddedStores(
        await openSqliteDatabase(settings.dataDir),
        settings,
        deps,
      );
}

function openRedisStores(
  url: string,
  redis: Redis,
  settings: StoreSettings,
  deps: StoreDeps,
): Stores {
  const { clock, log } = deps;
  return {
    sharedResponses: createRedisResponseStore({
      redis,
      maxBodyBytes: settings.redisCacheMaxBodyBytes,
      clock,
      log,
    }),
    pacer: createRedisSearchPacer({
      redis,
      clock,
      waits: deps.searchWaits,
      log,
    }),
    questionLimiter: createRedisQuestionLimiter({ redis, clock }),
    spendLedger: createRedisSpendLedger({ redis, clock }),
    answerRecords: createRedisAnswerRecords({ redis, clock }),
    reactions: createRedisReactionMemory(redis),
    commitHistory: createRedisCommitHistory({ redis }),
    openQueue(handlers) {
      // BullMQ's worker blocks on a connection of its own.
      const workerConnection = createRedisConnection(url, "worker");
      const queue = createRedisQueue({
        ...handlers,
        concurrency: settings.concurrency,
        attempts: settings.jobs.attempts,
        backoffMs: settings.jobs.backoffMs,
        log,
        ...deps.redisQueueTiming,
        connection: redis,
        workerConnection,
        dedup: createRedisDedupStore(redis),
      });
      return closingAlso(queue, () =>
        Promise.all([redis.quit(), workerConnection.quit()]),
      );
    },
  };
}

function openEmbeddedStores(
  db: DatabaseSync,
  settings: StoreSettings,
  deps: StoreDeps,
): Stores {
  const { clock, log } = deps;
  return {
    pacer: createSearchPacer({ clock, waits: deps.searchWaits }),
    questionLimiter: createSqliteQuestionLimiter({ db, clock }),
    spendLedger: createSqliteSpendLedger({ db, clock }),
    answerRecords: createSqliteAnswerRecords(db, { clock }),
    reactions: createSqliteReactionMemory(db, { clock }),
    commitHistory: createSqliteCommitHistory(db, { clock }),
    openQueue(handlers) {
      const queue = createInProcessQueue({
        ...handlers,
        // The journal holds the queue's claims too: one process, one dedup.
        journal: createSqliteJobJournal(db, { clock }),
        concurrency: settings.concurrency,
        attempts: settings.jobs.attempts,
        backoffMs: settings.jobs.backoffMs,
        clock,
        log,
      });
      return closingAlso(queue, async () => db.close());
    },
  };
}
