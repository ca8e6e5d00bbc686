import type { ChatModel } from "../agent/chat-model.js";
import type { IssueThread } from "../question/issue-thread.js";
import type { RenderedComment } from "../answer/render-answer-comment.js";
import type { TreeEntry } from "../code-host/code-host.js";
import type { PullRequestCommit } from "../conversation/pull-request-commit.js";
import type { PullRequestFacts } from "../conversation/pull-requests.js";
import type { SpendRun } from "../limits/reserve-spend.js";
import type { SpendShortfall } from "../storage/spend-ledger/spend-ledger.js";
import type { Mission } from "../missions/mission-schema.js";
import type { RunSettings } from "../missions/resolve-run-settings.js";
import type { AskedRef } from "../question/find-asked-ref.js";
import type { QuestionJob } from "../question/question-job.js";
import type { Deadline } from "../shared/deadline.js";
import type { RunComment } from "../conversation/in-flight-runs.js";
import type { AnswerForm } from "./plan-run.js";
import type { ProgressReporter } from "../conversation/progress-reporter.js";
import type { QuestionOutcome } from "./question-outcome.js";
import type { RunAtRepository } from "../question/run-at.js";
import type {
  InstallationClients,
  RunQuestionDeps,
} from "./run-question-deps.js";
import type { WatchedReader } from "./watch-repository-reads.js";

/** A run's reply and how the run ended. */
export interface RunReply {
  body: string;
  outcome: QuestionOutcome;
}

/** The one commit a run reads, and how it was chosen (`resolveCommit`). */
export interface RunCommit {
  /** A branch, tag or commit the question named. */
  asked?: AskedRef;
  /** The pull request the question was asked on. */
  pullRequest?: PullRequestFacts;
  /** Its head, when the run reads it (no ref was asked). */
  onHead?: PullRequestCommit;
  /** The repository at the commit, its reads watched for GitHub failing them. */
  watched: WatchedReader;
  at: RunAtRepository;
}

/**
 * Everything one run knows, in the order it learns it: what `runQuestion`
 * opened, then what each step added (the step named beside each group).
 * A step reads the fields it needs (`Pick<RunState, …>`); a failure's reply
 * reads whatever the steps before it added (`StartedRun`), so a run cut
 * short still links the commit it resolved and gives back its spend hold.
 */
export interface RunState {
  job: QuestionJob;
  clients: InstallationClients;
  /** The handle a failure reply names: the repository's, else the operator's (none: the app's name). */
  handle?: string;
  /** The run's comment, every write through the in-flight registry. */
  comment: RunComment;
  progress: ProgressReporter;
  /** When the run started, on the deps' clock: the answer says how long it took. */
  startedAt: number;

  // settleRun: the mission a labelled task runs, the settings, the wall time.
  mission?: Mission;
  settings: RunSettings;
  /** Every read and model request of the run ends by it. */
  deadline: Deadline;

  // readThread
  thread: IssueThread;
  /** The handle the asker mentioned: the configured one, else the app's name. */
  mentioned: string;

  // planReply: the question to answer (a "retry" takes the previous one), and how.
  task: QuestionJob["task"];
  form: AnswerForm;
  /** `/why`: the answer ends with the history of the lines it cites. */
  showHistory?: true;

  // chooseModel: none is retrieval alone (the form's choice, no endpoint, or a spent budget).
  model?: ChatModel;
  /** `settings`, with `/deeper`'s where asked, within what the model budgets granted. */
  runSettings: RunSettings;
  /** The run's hold on the model budgets, given back if it ends unsettled. */
  spend?: SpendRun;
  /** Set when a budget had too little left: the answer says why it has no model. */
  spent?: SpendShortfall;

  // resolveCommit
  commit: RunCommit;

  // writeAnswer
  answer: RenderedComment;

  // answerNotes: what the answer opens with, before its own text.
  notes: string;

  // readKeptTree: an answer to keep once posted, the commit it read and that commit's tree.
  kept?: { sha: string; tree: readonly TreeEntry[] };
}

/** What `runQuestion` opened before its steps: the comment, its progress, the clients. */
export type OpenedRun = Pick<
  RunState,
  "job" | "clients" | "handle" | "comment" | "progress" | "startedAt"
>;

/** A run as far as its steps got: what was opened, and what each step that went on added. */
export type StartedRun = OpenedRun & Partial<RunState>;

/** What a step says comes next: go on, with what it adds to the run's state, or reply with this and stop. */
export type StepResult<Adds extends object> =
  { next: Adds } | { reply: RunReply };

/** One step of a run: reads the state so far, with the process's clients whole. */
export type RunStep<Needs, Adds extends object, Deps = RunQuestionDeps> = (
  state: Needs,
  deps: Deps,
) => Promise<StepResult<Adds>>;
