import {
  loadRepoConfig,
  type RepoConfigSource,
} from "../config/load-repo-config.js";
import type { JobQueue } from "../jobs/job-queue.js";
import type { QuestionJob } from "../jobs/question-job.js";
import type { Mission } from "../missions/mission-schema.js";
import { decideTrigger } from "../trigger/decide-trigger.js";
import type { TriggerPayload } from "../trigger/trigger-types.js";

/** The part of Probot's `Context` a trigger handler reads. */
export interface TriggerContext extends RepoConfigSource {
  id: string;
  name: string;
  payload: TriggerPayload & {
    installation?: { id: number };
    repository: { name: string; owner: { login: string } };
    issue: TriggerPayload["issue"] & { number: number };
  };
  octokit: {
    request(route: string, params: Record<string, unknown>): Promise<unknown>;
  };
  log: {
    info(meta: object, message: string): void;
    warn(meta: object, message: string): void;
  };
}

export interface TriggerHandlerDeps {
  queue: JobQueue;
  missions: readonly Mission[];
  /** The app's slug (its own comments come from `<slug>[bot]`). */
  appSlug(): Promise<string>;
  /** The operator's default handle (`ASKCODE_HANDLE`). */
  defaultHandle?: string;
  now(): Date;
}

/**
 * The webhook side of a question: validate, deduplicate, enqueue, react 👀,
 * return. GitHub gives a delivery 10 seconds and never redelivers by itself,
 * so nothing slow happens here; the job does the work.
 * https://docs.github.com/en/webhooks/using-webhooks/best-practices-for-using-webhooks#respond-within-10-seconds
 */
export function createTriggerHandler(deps: TriggerHandlerDeps) {
  const missionNames = deps.missions.map((mission) => mission.name);
  return async function handleTriggerEvent(
    context: TriggerContext,
  ): Promise<void> {
    const { payload } = context;
    // Most comments mention no one: skip the config request for them.
    const text =
      payload.action === "labeled"
        ? "@"
        : context.name === "issue_comment"
          ? (payload.comment?.body ?? "")
          : `${payload.issue.title} ${payload.issue.body ?? ""}`;
    // Bots (the app itself included) never ask; no config request for them either.
    if (!text.includes("@") || !payload.installation || payload.sender.type === "Bot") return;
    const { config, problems } = await loadRepoConfig(context, {
      missionNames,
    });
    const decision = decideTrigger({
      event: context.name,
      payload,
      appSlug: await deps.appSlug(),
      defaultHandle: deps.defaultHandle,
      config,
      missions: deps.missions,
    });
    if (decision.kind === "ignore") {
      context.log.info(
        { reason: decision.reason },
        `askcode ignores this event: ${decision.detail}`,
      );
      return;
    }
    const comment =
      context.name === "issue_comment" ? payload.comment : undefined;
    const job: QuestionJob = {
      deliveryId: context.id,
      triggerId: decision.triggerId,
      installationId: payload.installation.id,
      owner: payload.repository.owner.login,
      repo: payload.repository.name,
      issueNumber: payload.issue.number,
      requestedBy: payload.sender.login,
      task:
        decision.kind === "question"
          ? { kind: "question", question: decision.question }
          : {
              kind: "mission",
              mission: decision.mission.name,
              label: payload.label?.name ?? "",
            },
      reactTo: comment
        ? { kind: "comment", commentId: comment.id }
        : { kind: "issue" },
      receivedAt: deps.now().toISOString(),
      config,
      configProblems: problems,
    };
    if ((await deps.queue.enqueue(job)) === "duplicate") {
      context.log.info(
        { triggerId: job.triggerId },
        "askcode already has this question",
      );
      return;
    }
    await acknowledge(context, job).catch((error: unknown) =>
      context.log.warn({ err: error }, "askcode could not add its 👀 reaction"),
    );
  };
}

/** The 👀 reaction that says "seen, working on it", on the comment or the issue that asked. */
async function acknowledge(
  context: TriggerContext,
  job: QuestionJob,
): Promise<void> {
  const base = { owner: job.owner, repo: job.repo, content: "eyes" };
  if (job.reactTo.kind === "comment") {
    await context.octokit.request(
      "POST /repos/{owner}/{repo}/issues/comments/{comment_id}/reactions",
      {
        ...base,
        comment_id: job.reactTo.commentId,
      },
    );
  } else {
    await context.octokit.request(
      "POST /repos/{owner}/{repo}/issues/{issue_number}/reactions",
      {
        ...base,
        issue_number: job.issueNumber,
      },
    );
  }
}
