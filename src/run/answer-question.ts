import { buildFirstMessage } from "../agent/build-first-message.js";
import type { OutsideNote } from "../agent/render-outside-note.js";
import type { ChatModel } from "../agent/chat-model.js";
import { runAgent } from "../agent/run-agent.js";
import type { AgentLog } from "../agent/run-agent-types.js";
import { buildSystemPrompt } from "../agent/system-prompt.js";
import { readGuidance } from "../agent/read-guidance.js";
import { createCitationVerifier } from "../answer/create-citation-verifier.js";
import { groundCitations } from "../answer/ground-citations.js";
import type { ProgressEvent } from "../answer/render-progress-comment.js";
import {
  renderAnswerComment,
  type RenderedComment,
} from "../answer/render-answer-comment.js";
import { renderRetrievalAnswer } from "../answer/render-retrieval-answer.js";
import {
  renderEarlierAnswers,
  type EarlierAnswerLink,
} from "../answer/render-earlier-answers.js";
import type { QuestionPlace } from "../answer-records/find-earlier-answers.js";
import {
  describeOutsideDependencies,
  linesCited,
} from "../retrieval/dependencies/describe-outside-dependencies.js";
import { repositoryAtSha } from "../shared/permalink.js";
import { createSeenRanges } from "../answer/seen-ranges.js";
import { createRedactingReader } from "../code-host/redacting-reader.js";
import type { RedactionMemo } from "../code-host/redaction-memo.js";
import type { RunMetrics } from "../metrics/run-metrics.js";
import type { Mission } from "../missions/mission-schema.js";
import type { RunSettings } from "../missions/resolve-run-settings.js";
import type { BuiltContext } from "../retrieval/build-context.js";
import type { DerivedCache } from "../retrieval/index/derived-cache.js";
import type { CpuPool } from "../worker-threads/cpu-pool.js";
import type { IndexCache } from "../retrieval/index/index-cache.js";
import type { OwnSecret } from "../policy/find-own-secrets.js";
import { modelCostUsd, type ModelPrice } from "../shared/model-cost.js";
import { ModelOutOfTimeError } from "../agent/model-out-of-time-error.js";
import { ModelError } from "../shared/errors.js";
import type { Clock } from "../shared/clock.js";
import type { Deadline } from "../shared/deadline.js";
import type { TokenCounter } from "../tokens/token-counter.js";
import { createCodeTools } from "../tools/create-code-tools.js";
import { createPathPolicy } from "../tools/path-policy.js";
import type { RunAtRepository } from "../question/run-at.js";
import type { IndexForQuestionDeps } from "./index-for-question.js";
import { retrieveForQuestion } from "./retrieve-for-question.js";
import { startRunDeadline } from "./run-deadline.js";
import {
  type AskedText,
  withoutOwnSecrets,
} from "../conversation/without-own-secrets.js";
import { createPullRequestDiffTool } from "../tools/get-pull-request-diff.js";

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
  };
}

const MODEL_UNREACHABLE =
  "askcode could not reach its model, so this answer comes from a search of the code alone; a maintainer can find why in the app's logs.";
// The agent stops calling tools with this share of the run's time left, so
// its last request (the answer, without tools) can come back before the
// deadline cuts it off.
const ANSWER_TIME_SHARE = 0.25;

/**
 * One question, from the code to the comment body:
 *
 * 1. retrieve (`retrieveForQuestion`): collect and index the files, or take
 *    the index an earlier question built for this commit, and build the
 *    ranked, packed context;
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
  input: AnswerQuestionInput,
  deps: Partial<IndexForQuestionDeps> = {},
): Promise<RenderedComment> {
  const { settings, services } = input;
  const { tokenCounter } = services;
  const ownSecrets = settings.ownSecrets ?? [];
  const asked = withoutOwnSecrets(input.asked, ownSecrets);
  const startedAt = services.startedAt ?? services.clock.now();
  const elapsed = () => ({ elapsedMs: services.clock.now() - startedAt });
  // Links, the index key and the prompt name the commit the reader reads.
  const { at: repository, excludePaths } = input.repository;
  // The same, as plain data: the answer may be rendered on a thread, and a run's `at` carries its reader.
  const onWeb = repositoryAtSha(repository);
  const { budgets } = repository;
  // Making an answer safe to post is long work on a long answer: on a thread where there is one.
  const render = services.cpu?.renderAnswer ?? renderAnswerComment;
  const reader = createRedactingReader(repository.reader, {
    ...(services.redactions ? { redactions: services.redactions } : {}),
    ownSecrets,
    ...(services.cpu ? { redact: services.cpu.redact } : {}),
  });
  const fullName = `${repository.owner}/${repository.repo}`;
  const deadline =
    services.deadline ?? startRunDeadline(repository, services.clock);
  const wallTimeMs = budgets.wall_time_seconds * 1000;
  const allowedLinkHosts = settings.allowedLinkHosts;
  const policy = createPathPolicy(excludePaths);
  const exclude = (path: string) => policy.hidden(path) !== undefined;
  const { built, reviewLines } = await retrieveForQuestion(
    reader,
    asked,
    { ...input.repository, exclude },
    services,
    deps,
  );

  // The repository's guidance at this commit, through the redacting reader:
  // for the model's first message, or named when the question is about contributing.
  const guidance = await readGuidance(reader, {
    log: services.log,
    hidden: exclude,
  });
  // Earlier answers on the places retrieval ranked best, said after the answer.
  const earlier = renderEarlierAnswers(
    (await services.earlierAnswers?.(
      built.ranked.map(({ chunk }) => ({
        path: chunk.path,
        range: [chunk.startLine, chunk.endLine] as const,
      })),
    )) ?? [],
  );

  if (!services.model)
    return renderRetrievalAnswer({
      retrieved: built,
      repository: onWeb,
      guidance: { question: asked.question, files: guidance },
      ...(settings.foldFooter && { foldFooter: true }),
      ...(earlier && { earlier }),
      ...(settings.placesOnly && { placesOnly: true }),
      ...(settings.retrievalNote && { note: settings.retrievalNote }),
      allowedLinkHosts,
      render,
      ...elapsed(),
    });

  const tools = createCodeTools({
    reader,
    ref: repository.ref,
    tokenCounter,
    toolResultBudget: budgets.tool_result,
    excludePaths,
    allowed: settings.tools,
  });
  if (asked.pullRequest)
    tools.push(
      createPullRequestDiffTool({
        pullRequest: asked.pullRequest,
        tokenCounter,
        toolResultBudget: budgets.tool_result,
        policy,
      }),
    );
  const first = buildFirstMessage({
    question: asked.question,
    asker: asked.asker,
    issue: asked.issue,
    ...(asked.pullRequest ? { pullRequest: asked.pullRequest } : {}),
    ...(reviewLines ? { reviewComment: reviewLines } : {}),
    sha: repository.sha,
    context: {
      text: built.context.text,
      tokensUsed: built.context.tokensUsed,
      note: built.context.note,
      files: built.context.files,
    },
    ...outsideNote(built.outsideDependencies),
    guidance,
    budget: budgets.context,
    maxIssueComments: settings.limits.max_thread_comments,
    tokenCounter,
  });
  services.progress({ kind: "thinking", maxSteps: settings.maxSteps });
  // The model's tokens as each request comes back, so a run a model failure
  // cuts short still counts what it spent against the budgets.
  const spent = { input: 0, output: 0 };
  const counted = services.metrics?.forRepository(fullName);
  const agentRun = runAgent({
    model: services.model,
    tools,
    systemPrompt: buildSystemPrompt({
      repository: fullName,
      sha: repository.sha,
      ref: repository.ref,
      tools: tools.map((tool) => tool.name),
      contextHasMap: built.context.pieces.some((p) => p.form === "signature"),
      hasGuidance: first.report.guidance.some((g) => g.included),
      mission: settings.mission && {
        name: settings.mission.name,
        instructions: settings.mission.instructions,
        outputTemplate: settings.mission.output,
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
    clock: services.clock,
    deadline,
    log: services.log,
    metrics: {
      modelTokens: (name, used) => {
        spent.input += used.input;
        spent.output += used.output;
        counted?.modelTokens(name, used);
      },
    },
    onToolCall: (call) => services.progress({ kind: "tool", ...call }),
  });
  // A model that cannot be reached, or not in time, still leaves the asker
  // the retrieval answer, saying why it is not the model's.
  const result = await agentRun
    .catch((error: unknown) => {
      if (!(error instanceof ModelError)) throw error;
      services.log.warn(
        { err: error },
        error instanceof ModelOutOfTimeError
          ? "The model did not answer within the time budget; answering from retrieval alone"
          : "The model could not be reached; answering from retrieval alone",
      );
      return error;
    })
    .finally(() => services.onModelTokens?.(spent));
  if (!(result instanceof ModelError))
    services.metrics?.answerTokens(result.tokensUsed);
  if (result instanceof ModelError)
    return renderRetrievalAnswer({
      retrieved: built,
      repository: onWeb,
      guidance: { question: asked.question, files: guidance },
      ...(settings.foldFooter && { foldFooter: true }),
      ...(earlier && { earlier }),
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
  services.progress({ kind: "writing" });
  // A model that said nothing still owes the asker an answer: the retrieval one.
  if (!result.answer.trim())
    return renderRetrievalAnswer({
      retrieved: built,
      repository: onWeb,
      guidance: { question: asked.question, files: guidance },
      ...(settings.foldFooter && { foldFooter: true }),
      ...(earlier && { earlier }),
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
    ...(settings.modelPrice && {
      costUsd: modelCostUsd(
        result.inputTokens,
        result.outputTokens,
        settings.modelPrice,
      ),
    }),
    cutAtReplyLimit: result.answerCutAtTokens,
    grounding: grounded.report,
    ...(settings.foldFooter && { foldFooter: true }),
    ...(earlier && { earlier }),
    allowedLinkHosts,
    ownSecrets,
    ...elapsed(),
  });
}

/** The first message's note on packages outside the repository, with places as the model cites them. */
function outsideNote(found: BuiltContext["outsideDependencies"]): {
  outside?: OutsideNote;
} {
  const note = describeOutsideDependencies(
    found,
    (line) => `${line.path}#L${line.line}`,
  );
  return note ? { outside: { note, lines: linesCited(found) } } : {};
}

function modelOutOfTime(wallTimeMs: number): string {
  return `askcode's model did not answer within this repository's time budget (\`wall_time_seconds\`: ${Math.round(wallTimeMs / 1000)}), so this answer comes from a search of the code alone.`;
}
