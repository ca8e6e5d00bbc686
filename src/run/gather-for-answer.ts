import { readGuidance, type GuidanceFile } from "../agent/read-guidance.js";
import {
  renderAnswerComment,
  type RenderedComment,
  type AnswerCommentInput,
} from "../answer/render-answer-comment.js";
import { renderEarlierAnswers } from "../answer/render-earlier-answers.js";
import { renderSimilarIssues } from "../answer/render-similar-issues.js";
import type { CodeReader } from "../code-host/code-host.js";
import { createRedactingReader } from "../code-host/redacting-reader.js";
import type { OwnSecret } from "../policy/find-own-secrets.js";
import type { Deadline } from "../shared/deadline.js";
import { repositoryAtSha, type RepositoryAtSha } from "../shared/permalink.js";
import { createPathPolicy, type PathPolicy } from "../tools/path-policy.js";
import type { AnswerQuestionInput } from "./answer-question-input.js";
import type { IndexForQuestionDeps } from "./index-for-question.js";
import {
  retrieveForQuestion,
  type RetrievedForQuestion,
} from "./retrieve-for-question.js";
import type { RunAtRepository } from "../question/run-at.js";
import { startRunDeadline } from "./run-deadline.js";
import { withoutOwnSecrets } from "../conversation/without-own-secrets.js";
import { visibleMarkdown } from "../text/visible-markdown.js";

/** What an answer's later parts (the model, the retrieval answer, the rendering) share. */
export interface GatheredForAnswer extends RetrievedForQuestion {
  settings: AnswerQuestionInput["settings"];
  services: AnswerQuestionInput["services"];
  /** The question and its conversation, askcode's own secrets taken out. */
  asked: AnswerQuestionInput["asked"];
  /** The repository at the question's commit; its budgets are the run's. */
  repository: RunAtRepository;
  excludePaths: readonly string[];
  /** The same, as plain data: the answer may be rendered on a thread, and a run's `at` carries its reader. */
  onWeb: RepositoryAtSha;
  /** The commit's files, each with its secrets redacted. */
  reader: CodeReader;
  policy: PathPolicy;
  deadline: Deadline;
  /** The repository's guidance files at this commit. */
  guidance: GuidanceFile[];
  /** The earlier answers on the places retrieval ranked best, said after the answer ("" for none). */
  earlier: string;
  ownSecrets: readonly OwnSecret[];
  /** Renders the comment, on a thread when there is one. */
  render(input: AnswerCommentInput): Promise<RenderedComment>;
  /** How long the answer took, from the run's start. */
  elapsed(): { elapsedMs: number };
}

/**
 * The retrieval part of an answer: every file read through the redacting
 * reader (so retrieval, the packed context, tool results and citation
 * checks see the same text, and no credential reaches the model provider),
 * the ranked and packed context (`retrieveForQuestion`), the repository's
 * guidance, the earlier answers on the places ranked best and the earlier
 * issues most like an issue's opening post.
 *
 * @example
 * const gathered = await gatherForAnswer(input, deps); // gathered.built.context.text: "…"
 */
export async function gatherForAnswer(
  input: AnswerQuestionInput,
  deps: Partial<IndexForQuestionDeps>,
): Promise<GatheredForAnswer> {
  const { settings, services } = input;
  const ownSecrets = settings.ownSecrets ?? [];
  const asked = withoutOwnSecrets(input.asked, ownSecrets);
  const startedAt = services.startedAt ?? services.clock.now();
  // Links, the index key and the prompt name the commit the reader reads.
  const { at: repository, excludePaths } = input.repository;
  const onWeb = repositoryAtSha(repository);
  // Making an answer safe to post is long work on a long answer: on a thread where there is one.
  const render = services.cpu?.renderAnswer ?? renderAnswerComment;
  const reader = createRedactingReader(repository.reader, {
    ...(services.redactions ? { redactions: services.redactions } : {}),
    ownSecrets,
    ...(services.cpu ? { redact: services.cpu.redact } : {}),
  });
  const deadline =
    services.deadline ?? startRunDeadline(repository, services.clock);
  const policy = createPathPolicy(excludePaths);
  const exclude = (path: string) => policy.hidden(path) !== undefined;
  const retrieved = await retrieveForQuestion(
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
  const places = retrieved.built.ranked.map(({ chunk }) => ({
    path: chunk.path,
    range: [chunk.startLine, chunk.endLine] as const,
  }));
  const [answers, issues] = await Promise.all([
    services.earlierAnswers?.(places),
    // An issue's opening post asks with its title and body joined.
    services.similarIssues?.(visibleMarkdown(asked.question), places),
  ]);
  const earlier = [
    renderEarlierAnswers(answers ?? []),
    renderSimilarIssues(issues ?? []),
  ]
    .filter((line) => line)
    .join("\n\n");
  return {
    ...retrieved,
    settings,
    services,
    asked,
    repository,
    excludePaths,
    onWeb,
    reader,
    policy,
    deadline,
    guidance,
    earlier,
    ownSecrets,
    render,
    elapsed: () => ({ elapsedMs: services.clock.now() - startedAt }),
  };
}
