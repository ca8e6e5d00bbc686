import type { ChatModel } from "../agent/chat-model.js";
import type { AgentLog } from "../agent/run-agent-types.js";
import type { AnswerRecords } from "../storage/answer-records/answer-record.js";
import type { CodeHost } from "../code-host/code-host.js";
import type { IssueSearch } from "../code-host/github/search-issues.js";
import type { RedactionMemo } from "../code-host/redaction-memo.js";
import type { Conversation } from "../conversation/conversation.js";
import type { SpendDeps } from "../limits/reserve-spend.js";
import type { ReplyMetrics } from "../metrics/reply-metrics.js";
import type { RunMetrics } from "../metrics/run-metrics.js";
import type { Mission } from "../missions/mission-schema.js";
import type { OwnSecret } from "../policy/find-own-secrets.js";
import type { JobAttempt } from "../jobs/job-queue.js";
import type { QuestionJob } from "../question/question-job.js";
import type { DerivedCache } from "../retrieval/index/derived-cache.js";
import type { IndexCache } from "../retrieval/index/index-cache.js";
import type { Clock } from "../shared/clock.js";
import type { ModelPrice } from "../shared/model-cost.js";
import type { TokenCounter } from "../tokens/token-counter.js";
import type { CpuPool } from "../worker-threads/cpu-pool.js";
import type { InFlightRuns } from "../conversation/in-flight-runs.js";
import type { CoChangeSource } from "./co-change-source.js";

/** What one run needs from the installation it runs for. */
export interface InstallationClients {
  /** Where the question was asked: the thread, the pull request, askcode's reply (Probot's Octokit). */
  conversation: Conversation;
  /** Reads the repository's code (askcode's own cached, throttled Octokit). */
  codeHost: CodeHost;
  /** Searches the repository's issues, for "similar earlier issues" (none: not looked up). */
  issues?: IssueSearch;
}

/** The process's clients a run uses; every step of the run is handed them whole. */
export interface RunQuestionDeps {
  clientsFor(job: QuestionJob): Promise<InstallationClients>;
  missions: readonly Mission[];
  operator: {
    model: string;
    contextWindow: number;
    /** The ceiling on any run's token budget (`ASKCODE_MAX_RUN_TOKENS`), a mission's included. */
    maxRunTokens?: number;
    snapshotMaxBytes: number;
    handle?: string;
    /** Hosts answers may link to besides the repository at its commit. */
    allowedLinkHosts?: readonly string[];
    /** askcode's own secrets: never sent to the model, never posted. */
    ownSecrets?: readonly OwnSecret[];
    /** US dollars per million tokens by model (`ASKCODE_MODEL_PRICES`). */
    modelPrices?: Readonly<Record<string, ModelPrice>>;
  };
  /** The model for a run's model name; undefined: no endpoint, answer from retrieval alone. */
  modelFor(name: string): ChatModel | undefined;
  tokenCounterFor(model: string): TokenCounter;
  clock: Clock;
  log: AgentLog & { error(meta: object, message: string): void };
  /** Counts the run's context and model tokens (none: not counted). */
  metrics?: RunMetrics;
  /** Counts replies GitHub would not take (none: not counted). */
  replies?: ReplyMetrics;
  /** GitHub's last outage (`GitHubHealth.lastOutage`): an answer that waited for it says so. */
  githubOutage?(): { since: number; until: number } | undefined;
  /**
   * The model-token budgets per installation and repository (none: no
   * budget): a spent one answers from retrieval alone until it renews.
   */
  spend?: Omit<SpendDeps, "log" | "metrics">;
  /** Where the run's comment is registered, for a shutdown to mark it interrupted. */
  inFlight: InFlightRuns;
  /**
   * Which attempt at the job this is (default: the only one). A later
   * attempt edits the comment an earlier one posted; a failure that may
   * pass is thrown (`RetryLaterError`) unless this is the last attempt.
   */
  attempt?: JobAttempt;
  /** Indexes of whole repositories kept across questions (none: each question indexes). */
  indexCache?: IndexCache;
  /**
   * What indexing derived per blob SHA (none: every file is derived). Shared
   * by installations: a hit needs the blob, so its content, already.
   */
  derivedCache?: DerivedCache;
  /** What redaction made of each blob and path, shared the same way (none: every file is redacted). */
  redactions?: RedactionMemo;
  /** Threads for a first read's redaction and derivation and the answer's rendering (none: on the event loop). */
  cpu?: CpuPool;
  /** Where answers and what they cited are kept, for the staleness watch and "answered before" (none: not kept). */
  answers?: AnswerRecords;
  /** The repository's history for packing's co-change tier (none: the tier is off). */
  coChange?: CoChangeSource;
}
