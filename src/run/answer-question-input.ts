import type { CoChangeHistory } from "../retrieval/history/co-change-history.js";
import type { ChatModel } from "../agent/chat-model.js";
import type { AgentLog } from "../agent/run-agent-types.js";
import type { ProgressEvent } from "../answer/render-progress-comment.js";
import type { EarlierAnswerLink } from "../answer/render-earlier-answers.js";
import type { SimilarIssueLink } from "../answer/render-similar-issues.js";
import type { QuestionPlace } from "../answer-records/find-earlier-answers.js";
import type { RedactionMemo } from "../code-host/redaction-memo.js";
import type { RunMetrics } from "../metrics/run-metrics.js";
import type { Mission } from "../missions/mission-schema.js";
import type { RunSettings } from "../missions/resolve-run-settings.js";
import type { DerivedCache } from "../retrieval/index/derived-cache.js";
import type { IndexCache } from "../retrieval/index/index-cache.js";
import type { OwnSecret } from "../policy/find-own-secrets.js";
import type { ModelPrice } from "../shared/model-cost.js";
import type { Clock } from "../shared/clock.js";
import type { Deadline } from "../shared/deadline.js";
import type { TokenCounter } from "../tokens/token-counter.js";
import type { CpuPool } from "../worker-threads/cpu-pool.js";
import type { RunAtRepository } from "../question/run-at.js";
import type { AskedText } from "../conversation/without-own-secrets.js";

/** What `answerQuestion` answers, and with what. */
export interface AnswerQuestionInput {
  /** The repository at the question's commit and what of it is read. */
  repository: {
    /** The repository at the question's commit, its reader and budgets (the run's budgets are these, not `settings.budgets`). */
    at: RunAtRepository;
    excludePaths: readonly string[];
    /** The snapshot cap: larger repositories are read as search candidates only. */
    maxRepositoryBytes: number;
  };
  /** What was asked, by whom, where: the conversation as the model reads it. */
  asked: AskedText & { asker: string };
  /** How this run answers: the resolved settings, the mission, the operator's link hosts and own secrets. */
  settings: Omit<RunSettings, "budgets"> & {
    mission?: Mission;
    /** Hosts the answer may link to besides the repository at its commit (the operator's ASKCODE_ALLOWED_LINK_HOSTS). */
    allowedLinkHosts?: readonly string[];
    /** askcode's own secrets: redacted from everything the model reads and from the answer. */
    ownSecrets?: readonly OwnSecret[];
    /** `/sources`: the retrieval answer lists the places only, without excerpts. */
    placesOnly?: boolean;
    /** Said first in a retrieval answer given on purpose: why it is not the model's (`outsiders: retrieval`). */
    retrievalNote?: string;
    /** `footer: folded` in the repository's config: the footer goes inside the collapsed details. */
    foldFooter?: boolean;
    /** The model's price (`ASKCODE_MODEL_PRICES`): the footer shows what the answer cost. */
    modelPrice?: ModelPrice;
    /**
     * `/why`: the answer ends with the history of the lines it cites, whatever
     * the question's wording (a question that asks why, when or who gets it anyway).
     */
    showHistory?: boolean;
  };
  /** What the run works with: the model (none: retrieval alone), counters, clock and deadline, log, progress, caches, threads. */
  services: {
    /** The model; none: the answer comes from retrieval alone. */
    model?: ChatModel;
    tokenCounter: TokenCounter;
    clock: Clock;
    log: AgentLog;
    /** Told of each step as it happens, for the progress comment (`createProgressReporter`). */
    progress(event: ProgressEvent): void;
    /** When the run started, on `clock`: the answer says how long it took from then (default: when this call started). */
    startedAt?: number;
    /** The run's deadline, which `reader` is bound to too (default: `wall_time_seconds` from now). */
    deadline?: Deadline;
    /** Counts the packed context's tokens and the model's (none: not counted). */
    metrics?: RunMetrics;
    /** Told the model's prompt and reply tokens once the agent is done, answered or not (the spend budgets count them). */
    onModelTokens?: (used: {
      input: number;
      output: number;
    }) => Promise<void> | void;
    /**
     * Indexes of whole repositories kept across questions, and the namespace
     * (the installation) their keys start with; none: every question indexes.
     */
    indexCache?: { indexes: IndexCache; namespace: string };
    /** What indexing derived per blob SHA, kept across commits (none: every file is derived). */
    derivedCache?: DerivedCache;
    /** What redaction made of each blob, kept across commits (none: every file is redacted). */
    redactions?: RedactionMemo;
    /** Threads that redact and derive the files a first read brings and render the answer (none: on the event loop). */
    cpu?: CpuPool;
    /**
     * The earlier answers in the repository whose cited places overlap the
     * question's best places ("answered before"; none: not looked up).
     */
    earlierAnswers?(
      places: readonly QuestionPlace[],
    ): Promise<readonly EarlierAnswerLink[]>;
    /**
     * The repository's earlier issues most like the question, by its text
     * and best places ("similar earlier issues"; none: not looked up, as
     * for any question that is not an issue's opening post).
     */
    similarIssues?(
      question: string,
      places: readonly QuestionPlace[],
    ): Promise<readonly SimilarIssueLink[]>;
    /**
     * The repository's history back from the commit read, for packing's
     * co-change tier (none, or undefined: the tier is off).
     */
    coChangeHistory?(sha: string): Promise<CoChangeHistory | undefined>;
  };
}
