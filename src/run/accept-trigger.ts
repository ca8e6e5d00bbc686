import type { ConfigProblem } from "../config/config-problem.js";
import type { RepoConfigSource } from "../config/load-repo-config.js";
import { loadRepoConfig } from "../config/load-repo-config.js";
import {
  parseRepoConfig,
  type ParseRepoConfigOptions,
} from "../config/parse-repo-config.js";
import type { RepoConfig } from "../config/repo-config-schema.js";
import type { QuestionJob } from "../question/question-job.js";
import type { TriggerJob } from "../question/trigger-job.js";
import type { Mission } from "../missions/mission-schema.js";
import { decideTrigger } from "../question/decide-trigger.js";
import type { TriggerDecision } from "../question/trigger-types.js";
import type { StillAsked } from "../conversation/check-still-asked.js";

export interface AcceptTriggerDeps {
  /**
   * Where the job's repository config is read. Each read is one Octokit
   * request, which Octokit's retry plugin already repeats on a 5xx or no
   * answer (`GITHUB_REQUEST_RETRIES`); a second layer of attempts here
   * multiplied them, and the 👀 and the placeholder waited 47 s behind a
   * failing GitHub.
   */
  configSource(job: TriggerJob): Promise<RepoConfigSource>;
  /** The app's slug (its own comments come from `<slug>[bot]`): one request per process. */
  appSlug(): Promise<string>;
  missions: readonly Mission[];
  /** The operator's default handle (`ASKCODE_HANDLE`). */
  defaultHandle?: string;
  /** The operator's ceiling on a repository's `budgets.run` (`ASKCODE_MAX_RUN_TOKENS`). */
  maxRunTokens?: number;
  log: {
    info(meta: object, message: string): void;
    warn(meta: object, message: string): void;
  };
  /** Counts a delivery the config turns away, by reason (none: not counted). */
  metrics?: { ignored(reason: string): void };
  /**
   * Whether what asked is still there (`checkStillAsked`), read once the
   * config lets the question through (none: not checked).
   */
  stillAsked?(question: QuestionJob): Promise<StillAsked>;
}

const WITHDRAWN_BY_ASKER = {
  "comment-deleted": "the comment that asked was deleted before its turn",
  "issue-deleted": "the issue was deleted or moved before its turn",
  "issue-locked": "the issue was locked before its turn",
};
const WITHDRAWN: Record<Exclude<StillAsked, "asked">, string> = {
  ...WITHDRAWN_BY_ASKER,
  "installation-unknown":
    "GitHub answered 404 for the installation's token: it does not know the installation (the app was uninstalled?)",
  "installation-suspended":
    "GitHub answered 403 for the installation's token: the installation is suspended",
  "credentials-refused":
    "GitHub answered 401 for the installation's token: it refused the app's credentials (check APP_ID and the private key)",
};

/**
 * The worker's first step: read the repository's `.github/askcode.yml`
 * (Octokit retries a failing request), then decide with it what the accepted
 * delivery asks: the repository's `handle`, `enabled`, who may ask, which
 * missions run. A delivery the config turns away is dropped quietly (no
 * comment; one log line with the reason) and resolves undefined. A config
 * that stays unreadable does not drop the question: the defaults apply, and
 * the answer opens with a note saying the file could not be read. A
 * question whose comment was deleted, or whose issue was deleted or locked,
 * while it waited is dropped the same quiet way, before any 👀.
 *
 * @example
 * const question = await acceptTrigger(job, deps);
 * if (question) await runQuestion(question, runDeps);
 */
export async function acceptTrigger(
  job: TriggerJob,
  deps: AcceptTriggerDeps,
): Promise<QuestionJob | undefined> {
  const options = {
    missionNames: deps.missions.map((mission) => mission.name),
    maxRunTokens: deps.maxRunTokens,
  };
  const { config, problems } = await (async () =>
    loadRepoConfig(await deps.configSource(job), options))().catch(
    (error: unknown) => {
      deps.log.warn(
        { err: error, deliveryId: job.deliveryId },
        "askcode could not read .github/askcode.yml; answering with the defaults",
      );
      return unreadableConfig(error, options);
    },
  );
  const decision = decideTrigger({
    event: job.event,
    payload: job.payload,
    appSlug: await deps.appSlug(),
    defaultHandle: deps.defaultHandle,
    config,
    missions: deps.missions,
  });
  if (decision.kind === "ignore") {
    deps.metrics?.ignored(decision.reason);
    deps.log.info(
      { reason: decision.reason, deliveryId: job.deliveryId },
      `askcode ignores this event: ${decision.detail}`,
    );
    return undefined;
  }
  const { label, sender } = job.payload;
  const question: QuestionJob = {
    deliveryId: job.deliveryId,
    triggerId: decision.triggerId,
    installationId: job.installationId,
    ...(job.repositoryId !== undefined && { repositoryId: job.repositoryId }),
    owner: job.owner,
    repo: job.repo,
    htmlUrl: job.htmlUrl,
    issueNumber: job.issueNumber,
    ...(job.payload.issue.pull_request ? { onPullRequest: true as const } : {}),
    requestedBy: sender.login,
    askerAssociation: decision.askerAssociation,
    ...(decision.kind === "question" && decision.unasked && { unasked: {} }),
    task:
      decision.kind === "question"
        ? { kind: "question", question: decision.question }
        : decision.kind === "dismiss"
          ? { kind: "dismiss", allowed: decision.allowed }
          : {
              kind: "mission",
              mission: decision.mission.name,
              label: label?.name ?? "",
            },
    reactTo: reactTo(decision, job.payload),
    receivedAt: job.receivedAt,
    config,
    configProblems: problems,
  };
  const { stillAsked } = deps;
  const still = stillAsked
    ? await stillAsked(question).catch((error: unknown) => {
        deps.log.warn(
          { err: error, deliveryId: job.deliveryId },
          "askcode could not check that the question is still there; answering it",
        );
        return "asked" as const;
      })
    : "asked";
  if (still !== "asked") {
    deps.metrics?.ignored(still);
    // A withdrawn question is the asker's choice; a refused installation
    // is for the operator to look into.
    const level = still in WITHDRAWN_BY_ASKER ? "info" : "warn";
    deps.log[level](
      { reason: still, deliveryId: job.deliveryId },
      `askcode drops this question: ${WITHDRAWN[still]}`,
    );
    return undefined;
  }
  return question;
}

// A comment that asked is reacted to and answered where it is: a review
// comment in its review thread, a discussion's in the discussion, any other
// in the conversation.
function reactTo(
  decision: Exclude<TriggerDecision, { kind: "ignore" }>,
  payload: TriggerJob["payload"],
): QuestionJob["reactTo"] {
  const { comment, reviewComment, discussion } = payload;
  if (decision.kind === "mission" || decision.source !== "comment" || !comment)
    return discussion ? { kind: "discussion", discussion } : { kind: "issue" };
  if (reviewComment)
    return { kind: "review-comment", commentId: comment.id, reviewComment };
  return discussion
    ? { kind: "discussion-comment", commentId: comment.id, discussion }
    : { kind: "comment", commentId: comment.id };
}

/** The defaults, and the problem the answer reports: what GitHub answered, never where. */
function unreadableConfig(
  error: unknown,
  options: ParseRepoConfigOptions,
): { config: RepoConfig; problems: ConfigProblem[] } {
  const status = (error as { status?: unknown } | undefined)?.status;
  const answered =
    typeof status === "number"
      ? `GitHub answered ${status}`
      : "GitHub could not be reached";
  return {
    config: parseRepoConfig(undefined, options).config,
    problems: [
      {
        key: "",
        message: `could not be read (${answered}${askedAgain(status) ? ", also when asked again" : ""})`,
        outcome: "used-default",
      },
    ],
  };
}

/**
 * Whether Octokit's retry plugin asked again before the error reached us: it
 * repeats a 5xx, a 429 and a request that got no answer, never another 4xx.
 */
function askedAgain(status: unknown): boolean {
  return typeof status !== "number" || status >= 500 || status === 429;
}
