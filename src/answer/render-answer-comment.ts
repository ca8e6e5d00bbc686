import { neutralizeMentions } from "../policy/neutralize-mentions.js";
import { redactSecrets } from "../policy/redact-secrets.js";
import { fitComment, GITHUB_COMMENT_LIMIT } from "./fit-comment.js";
import type { GroundingReport } from "./ground-citations.js";
import type { RepositoryAtSha } from "./permalink.js";
import {
  renderContextDetails,
  type ContextFile,
} from "./render-context-details.js";
import { renderFooter, type FooterInput } from "./render-footer.js";

export interface AnswerCommentInput {
  /** The answer's Markdown, already grounded (`groundCitations`). */
  answer: string;
  repository: RepositoryAtSha;
  /** What the answer was written from: `seen.files()`, or a packed context's `files`. */
  context: readonly ContextFile[];
  /** The model that wrote the answer; absent for a retrieval-only answer. */
  model?: string;
  /** Tokens the model used over the run. */
  tokensUsed?: number;
  /** The model that was meant to answer and did not, and why (a retrieval answer in its place). */
  fallback?: FooterInput["fallback"];
  /** What grounding changed, listed in the details. */
  grounding?: GroundingReport;
  /** Characters allowed (GitHub's 65,536 by default). */
  limit?: number;
}

export interface RenderedComment {
  /** The comment body, within the limit and with secrets redacted. */
  body: string;
  /** Secrets replaced by markers, for logs. */
  redactions: number;
  /** What was cut to fit the limit. */
  trimmed: "none" | "details" | "answer";
}

/**
 * The answer comment: the grounded answer, a collapsed "Context used"
 * section (files, line ranges as permalinks, tokens, and what grounding
 * changed), and a one-line footer naming the model, the tokens and the
 * commit. It fits GitHub's limit (details give way first, then the answer),
 * and secrets are redacted from the whole of it last, so nothing that reaches
 * GitHub carries one, whichever part it came from.
 *
 * @example
 * const { body } = await renderAnswerComment({
 *   answer: grounded.markdown, repository: { owner, repo, sha },
 *   context: seen.files(), model: "gpt-4o", tokensUsed: 12_345, grounding: grounded.report,
 * });
 * await octokit.rest.issues.updateComment({ owner, repo, comment_id, body });
 */
export async function renderAnswerComment(
  input: AnswerCommentInput,
): Promise<RenderedComment> {
  const limit = input.limit ?? GITHUB_COMMENT_LIMIT;
  // Redacted before measuring, so a marker longer than its secret cannot push the body over.
  // The model's words may not ping anyone, nor carry a secret.
  const answer = await redactSecrets(
    neutralizeMentions(input.answer.trim()).text,
  );
  const files = input.context.filter((f) => f.ranges.length > 0);
  const fitted = fitComment({
    answer: answer.text,
    // Nothing shown and nothing checked: no section at all.
    details: (o) =>
      files.length === 0 && !hasNotes(input.grounding)
        ? ""
        : renderContextDetails({
            repository: input.repository,
            files,
            grounding: input.grounding,
            ...o,
          }),
    fileCount: files.length,
    footer: renderFooter(input),
    limit,
  });
  const final = await redactSecrets(fitted.body);
  return {
    body: final.text.slice(0, limit),
    redactions: answer.redactions + final.redactions,
    trimmed: fitted.trimmed,
  };
}

function hasNotes(g: GroundingReport | undefined): boolean {
  return !!g && g.kept.length + g.corrected.length + g.removed.length > 0;
}
