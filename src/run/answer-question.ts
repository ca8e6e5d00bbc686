import { buildFirstMessage } from "../agent/build-first-message.js";
import type { ChatModel } from "../agent/chat-model.js";
import type { IssueThread } from "../agent/issue-thread.js";
import { runAgent } from "../agent/run-agent.js";
import type { AgentLog } from "../agent/run-agent-types.js";
import { buildSystemPrompt } from "../agent/system-prompt.js";
import { createCitationVerifier } from "../answer/create-citation-verifier.js";
import { groundCitations } from "../answer/ground-citations.js";
import type { ProgressEvent } from "../answer/render-progress-comment.js";
import {
  renderAnswerComment,
  type RenderedComment,
} from "../answer/render-answer-comment.js";
import { renderRetrievalAnswer } from "../answer/render-retrieval-answer.js";
import { repositoryAtSha } from "../shared/permalink.js";
import { createSeenRanges } from "../answer/seen-ranges.js";
import { createRedactingReader } from "../code-host/redacting-reader.js";
import type { RedactionMemo } from "../code-host/redaction-memo.js";
import type { RunMetrics } from "../metrics/run-metrics.js";
import type { Mission } from "../missions/mission-schema.js";
import type { RunSettings } from "../missions/resolve-run-settings.js";
import { buildContext } from "../retrieval/build-context.js";
import type { DerivedCache } from "../retrieval/index/derived-cache.js";
import type { CpuPool } from "../worker-threads/cpu-pool.js";
import { indexKey, type IndexCache } from "../retrieval/index/index-cache.js";
import type { OwnSecret } from "../policy/find-own-secrets.js";
import { redactSecrets } from "../policy/redact-secrets.js";
import { ModelOutOfTimeError } from "../agent/model-out-of-time-error.js";
import { ModelError } from "../shared/errors.js";
import type { Clock } from "../shared/clock.js";
import type { Deadline } from "../shared/deadline.js";
import type { TokenCounter } from "../tokens/token-counter.js";
import { createCodeTools } from "../tools/create-code-tools.js";
import { visibleMarkdown } from "../text/visible-markdown.js";
import { createPathPolicy } from "../tools/path-policy.js";
import { candidateQueries } from "../retrieval/candidates/candidate-queries.js";
import { packedContextTokens } from "./packed-context-tokens.js";
import type { RunAtRepository } from "./run-at.js";
import {
  indexForQuestion,
  packingFor,
  type IndexForQuestionDeps,
} from "./index-for-question.js";
import type { PullRequestFacts } from "../conversation/pull-requests.js";
import { readReviewLineContext } from "../conversation/review-line-context.js";
import type { ReviewCommentFacts } from "../question/trigger-types.js";
import { startRunDeadline } from "./run-deadline.js";
import { withoutOwnSecrets } from "./without-own-secrets.js";
import { createPullRequestDiffTool } from "../tools/get-pull-request-diff.js";

export interface AnswerQuestionInput {
  /** The repository at the question's commit, its reader and budgets (the run's budgets are these, not `settings.budgets`). */
  at: RunAtRepository;
  question: string;
  asker: string;
  issue: IssueThread;
  /** The pull request the question was asked on (`at` reads its head): its changed files join the retrieval text, the first message and the tools. */
  pullRequest?: PullRequestFacts;
  /** The review comment on a line that asked: its hunk and the lines around it are shown first. */
  reviewComment?: ReviewCommentFacts;
  settings: Omit<RunSettings, "budgets">;
  excludePaths: readonly string[];
  mission?: Mission;
  /** The model; none: the answer comes from retrieval alone. */
  model?: ChatModel;
  /** `AGENTS.md` / `CONTRIBUTING.md` when the repository has them. */
  guidance: ReadonlyArray<{ path: string; text: string }>;
  /** The snapshot cap: larger repositories are read as search candidates only. */
  maxRepositoryBytes: number;
  tokenCounter: TokenCounter;
  clock: Clock;
  log: AgentLog;
  /** Told of each step as it happens, for the progress comment (`createProgressReporter`). */
  progress(event: ProgressEvent): void;
  /** When the run started, on `clock`: the answer says how long it took from then (default: when this call started). */
  startedAt?: number;
  /** Counts the packed context's tokens and the model's (none: not counted). */
  metrics?: RunMetrics;
  /** Hosts the answer may link to besides the repository at its commit (the operator's ASKCODE_ALLOWED_LINK_HOSTS). */
  allowedLinkHosts?: readonly string[];
  /** The run's deadline, which `reader` is bound to too (default: `wall_time_seconds` from now). */
  deadline?: Deadline;
  /**
   * Indexes of whole repositories kept across questions, and the namespace
   * (the installation) their keys start with; none: every question indexes.
   */
  indexCache?: { indexes: IndexCache; namespace: string };
  /** What indexing derived per blob SHA, kept across commits (none: every file is derived). */
  derivedCache?: DerivedCache;
  /** What redaction made of each blob, kept across commits (none: every file is redacted). */
  redactions?: RedactionMemo;
  /** askcode's own secrets: redacted from everything the model reads and from the answer. */
  ownSecrets?: readonly OwnSecret[];
  /** Threads that redact and derive the files a first read brings and render the answer (none: on the event loop). */
  cpu?: CpuPool;
}

const MODEL_UNREACHABLE =
  "askcode could not reach its model, so this answer comes from a search of the code alone; a maintainer can find why in the app's logs.";
// The agent stops calling tools with this share of the run's time left, so
// its last request (the answer, without tools) can come back before the
// deadline cuts it off.
const ANSWER_TIME_SHARE = 0.25;
// Changed files of a pull request whose paths join the retrieval text: the
// first ones GitHub lists, enough to cover a typical pull request without
// letting a sweeping one name every file as a place.
const CHANGED_FILES_SEARCHED = 20;

/**
 * One question, from the code to the comment body:
 *
 * 1. collect the files (the whole repository when it fits the snapshot cap,
 *    else code-search candidates) and index them, or take the index an
 *    earlier question built for this commit; build the ranked, packed context;
 * 2. with no model, render the retrieval-only answer and stop;
 * 3. else run the agent loop over the tools, bound to the reader's commit
 *    (a model that cannot be reached gets the retrieval answer, saying so);
 * 4. ground every citation against the commit and what the run showed;
 * 5. render the comment (details, footer, secrets redacted, links and
 *    images kept to the repository at its commit and the operator's hosts).
 *
 * Every file is read with its secrets redacted (`createRedactingReader`), so
 * retrieval, the packed context, tool results and citation checks see the
 * same text, and no credential reaches the model provider.
 */
export async function answerQuestion(
  asked: AnswerQuestionInput,
  deps: Partial<IndexForQuestionDeps> = {},
): Promise<RenderedComment> {
  const ownSecrets = asked.ownSecrets ?? [];
  const input = withoutOwnSecrets(asked, ownSecrets);
  const { settings, tokenCounter } = input;
  const startedAt = input.startedAt ?? input.clock.now();
  const elapsed = () => ({ elapsedMs: input.clock.now() - startedAt });
  const { budgets } = input.at;
  // Making an answer safe to post is long work on a long answer: on a thread where there is one.
  const render = input.cpu?.renderAnswer ?? renderAnswerComment;
  const reader = createRedactingReader(input.at.reader, {
    ...(input.redactions ? { redactions: input.redactions } : {}),
    ownSecrets,
    ...(input.cpu ? { redact: input.cpu.redact } : {}),
  });
  // Links, the index key and the prompt name the commit the reader reads.
  const repository = input.at;
  // The same, as plain data: the answer may be rendered on a thread, and a run's `at` carries its reader.
  const onWeb = repositoryAtSha(repository);
  const fullName = `${repository.owner}/${repository.repo}`;
  const deadline = input.deadline ?? startRunDeadline(repository, input.clock);
  const wallTimeMs = budgets.wall_time_seconds * 1000;
  const allowedLinkHosts = input.allowedLinkHosts;
  const policy = createPathPolicy(input.excludePaths);
  const exclude = (path: string) => policy.hidden(path) !== undefined;
  // Retrieval reads what a reader of the issue sees, as the model does: text
  // hidden in an HTML comment or an image's alt text must not steer which
  // code is shown.
  const question = visibleMarkdown(input.question);
  const reviewLines =
    input.reviewComment &&
    (await readReviewLineContext(reader, input.reviewComment, exclude));
  const retrievalText = [
    question,
    visibleMarkdown(input.issue.title),
    visibleMarkdown(input.issue.body ?? ""),
    // On a pull request the question is most likely about what it changes:
    // its first files, by path, are places retrieval weighs.
    ...(input.pullRequest
      ? [
          input.pullRequest.files
            .slice(0, CHANGED_FILES_SEARCHED)
            .map((f) => f.path)
            .join("\n"),
        ]
      : []),
    // A review comment sits on one line of one file: the strongest place signal.
    ...(reviewLines
      ? [`${reviewLines.path}:${reviewLines.line ?? ""}`, reviewLines.diffHunk]
      : []),
  ].join("\n\n");

  input.progress({ kind: "searching" });
  const cache = input.indexCache && {
    indexes: input.indexCache.indexes,
    key: indexKey({
      namespace: input.indexCache.namespace,
      owner: repository.owner,
      repo: repository.repo,
      sha: repository.sha,
      excludePaths: input.excludePaths,
    }),
  };
  const collected = await indexForQuestion(
    reader,
    candidateQueries(question),
    {
      maxRepositoryBytes: input.maxRepositoryBytes,
      exclude,
      cache,
      question: retrievalText,
      ...(input.derivedCache ? { derived: input.derivedCache } : {}),
      ...(input.cpu ? { cpu: input.cpu } : {}),
    },
    deps,
  );
  if (collected.note) input.log.info({ mode: collected.mode }, collected.note);
  input.progress({ kind: "searched", files: collected.index.files.length });
  const built = await buildContext({
    reader,
    index: collected.index,
    question: retrievalText,
    budget: packedContextTokens(budgets, { withModel: !!input.model }),
    tokenCounter,
    ...packingFor(collected),
  });
  input.metrics?.contextPacked(built.context.tokensUsed);
  input.progress({
    kind: "read",
    paths: built.context.files.map((file) => file.path),
  });

  if (!input.model)
    return renderRetrievalAnswer({
      retrieved: built,
      repository: onWeb,
      allowedLinkHosts,
      render,
      ...elapsed(),
    });

  const tools = createCodeTools({
    reader,
    ref: repository.ref,
    tokenCounter,
    toolResultBudget: budgets.tool_result,
    excludePaths: input.excludePaths,
    allowed: settings.tools,
  });
  if (input.pullRequest)
    tools.push(
      createPullRequestDiffTool({
        pullRequest: input.pullRequest,
        tokenCounter,
        toolResultBudget: budgets.tool_result,
        policy,
      }),
    );
  const first = buildFirstMessage({
    question: input.question,
    asker: input.asker,
    issue: input.issue,
    ...(input.pullRequest ? { pullRequest: input.pullRequest } : {}),
    ...(reviewLines ? { reviewComment: reviewLines } : {}),
    sha: repository.sha,
    context: {
      text: built.context.text,
      tokensUsed: built.context.tokensUsed,
      note: built.context.note,
      files: built.context.files,
    },
    guidance: await Promise.all(
      input.guidance.map(async ({ path, text }) => ({
        path,
        text: (await redactSecrets(text, { path, keepLines: true, ownSecrets }))
          .text,
      })),
    ),
    budget: budgets.context,
    maxIssueComments: settings.limits.max_thread_comments,
    tokenCounter,
  });
  input.progress({ kind: "thinking", maxSteps: settings.maxSteps });
  const agentRun = runAgent({
    model: input.model,
    tools,
    systemPrompt: buildSystemPrompt({
      repository: fullName,
      sha: repository.sha,
      ref: repository.ref,
      tools: tools.map((tool) => tool.name),
      mission: input.mission && {
        name: input.mission.name,
        instructions: input.mission.instructions,
        outputTemplate: input.mission.output,
      },
    }),
    firstMessage: first.text,
    budgets: {
      maxSteps: settings.maxSteps,
      runTokens: budgets.run,
      toolResultTokens: budgets.tool_result,
      wallTimeMs: Math.max(
        1,
        deadline.remainingMs() - wallTimeMs * ANSWER_TIME_SHARE,
      ),
      contextTokens: settings.contextWindow,
    },
    tokenCounter,
    clock: input.clock,
    deadline,
    log: input.log,
    metrics: input.metrics?.forRepository(fullName),
    onToolCall: (call) => input.progress({ kind: "tool", ...call }),
  });
  // A model that cannot be reached, or not in time, still leaves the asker
  // the retrieval answer, saying why it is not the model's.
  const result = await agentRun.catch((error: unknown) => {
    if (!(error instanceof ModelError)) throw error;
    input.log.warn(
      { err: error },
      error instanceof ModelOutOfTimeError
        ? "The model did not answer within the time budget; answering from retrieval alone"
        : "The model could not be reached; answering from retrieval alone",
    );
    return error;
  });
  if (!(result instanceof ModelError))
    input.metrics?.answerTokens(result.tokensUsed);
  if (result instanceof ModelError)
    return renderRetrievalAnswer({
      retrieved: built,
      repository: onWeb,
      note:
        result instanceof ModelOutOfTimeError
          ? modelOutOfTime(wallTimeMs)
          : MODEL_UNREACHABLE,
      fallback: {
        model: settings.model,
        why:
          result instanceof ModelOutOfTimeError
            ? "did not answer within the time budget"
            : "could not be reached",
      },
      allowedLinkHosts,
      render,
      ...elapsed(),
    });
  input.progress({ kind: "writing" });
  // A model that said nothing still owes the asker an answer: the retrieval one.
  if (!result.answer.trim())
    return renderRetrievalAnswer({
      retrieved: built,
      repository: onWeb,
      fallback: { model: settings.model, why: "returned an empty answer" },
      allowedLinkHosts,
      render,
      ...elapsed(),
    });

  const seen = createSeenRanges();
  seen.addPackedContext(built.context);
  for (const range of [...first.seen, ...result.seen])
    seen.add(range.path, [range.startLine, range.endLine]);
  const grounded = await groundCitations(result.answer, {
    ...repository,
    verify: createCitationVerifier(reader, seen),
  });
  return render({
    answer: grounded.markdown,
    repository: onWeb,
    context: seen.files(),
    model: settings.model,
    tokensUsed: result.tokensUsed,
    cutAtReplyLimit: result.answerCutAtTokens,
    grounding: grounded.report,
    allowedLinkHosts,
    ownSecrets,
    ...elapsed(),
  });
}

function modelOutOfTime(wallTimeMs: number): string {
  return `askcode's model did not answer within this repository's time budget (\`wall_time_seconds\`: ${Math.round(wallTimeMs / 1000)}), so this answer comes from a search of the code alone.`;
}
