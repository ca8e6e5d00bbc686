import { filterLinks } from "../policy/filter-links.js";
import { createLinkPolicy, type LinkPolicy } from "../policy/link-policy.js";
import type { OwnSecret } from "../policy/find-own-secrets.js";
import { neutralizeReferences } from "../policy/neutralize-references.js";
import { securePostedText } from "../policy/secure-posted-text.js";
import {
  closeOpenFence,
  fitComment,
  GITHUB_COMMENT_LIMIT,
} from "./fit-comment.js";
import type { GroundingReport } from "./ground-citations.js";
import type { RepositoryAtSha } from "../shared/permalink.js";
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
  /** What they cost, in US dollars (`FooterInput.costUsd`). */
  costUsd?: number;
  /** How long the run took (`FooterInput`). */
  elapsedMs?: number;
  /** The model's answer stopped at this reply length limit, in tokens: say it was cut. */
  cutAtReplyLimit?: number;
  /** The model that was meant to answer and did not, and why (a retrieval answer in its place). */
  fallback?: FooterInput["fallback"];
  /** What grounding changed, listed in the details. */
  grounding?: GroundingReport;
  /** The file the repository's history added to the context, and why (`ContextDetailsInput.coChanged`). */
  coChanged?: { path: string; why: string };
  /** Characters allowed (GitHub's 65,536 by default). */
  limit?: number;
  /** Hosts links may go to besides the repository at its commit (the operator's ASKCODE_ALLOWED_LINK_HOSTS). */
  allowedLinkHosts?: readonly string[];
  /** askcode's own secrets, never posted whatever the model wrote (`OperatorConfig.ownSecrets`). */
  ownSecrets?: readonly OwnSecret[];
  /** `footer: folded`: the footer goes inside the "Context used" section (`fitComment`). */
  foldFooter?: boolean;
  /**
   * Said after the answer: the earlier answers here on the same code
   * (`renderEarlierAnswers`). askcode's own text, with links to this
   * repository's comments, so it is not confined as the model's words are.
   */
  earlier?: string;
  /**
   * Said after the answer, before `earlier`: the history of the cited
   * lines (`renderLineHistory`), askcode's own text with links to this
   * repository's commits and pull requests.
   */
  history?: string;
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
 * The answer's words are the model's, and a prompt-injected model writes
 * what it was told to (docs/architecture/overview.md, "Security model"):
 * they may not carry a secret, plain or obfuscated, nor ping anyone,
 * reference another repository or close an issue (`securePostedText`,
 * which redacts first and neutralises what is left), nor link or load
 * anything but the repository at the run's commit and the operator's hosts
 * (`filterLinks`). Links and references are checked again on the whole
 * body when the answer was cut to fit, since a cut can end a code span
 * early.
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
  const policy = createLinkPolicy({
    repository: input.repository,
    allowedHosts: input.allowedLinkHosts,
  });
  // Made safe before measuring, so a marker longer than its secret cannot push the body over.
  const answer = await secureAnswer(
    input.cutAtReplyLimit === undefined
      ? input.answer.trim()
      : markCut(input.answer.trim(), input.cutAtReplyLimit),
    policy,
    input.ownSecrets,
  );
  const files = input.context.filter((f) => f.ranges.length > 0);
  const fitted = fitComment({
    answer: [answer.text, input.history, input.earlier]
      .filter((part) => part)
      .join("\n\n"),
    // Nothing shown and nothing checked: no section at all.
    details: (o) =>
      files.length === 0 && !hasNotes(input.grounding)
        ? ""
        : renderContextDetails({
            repository: input.repository,
            files,
            grounding: input.grounding,
            ...(input.coChanged && { coChanged: input.coChanged }),
            ...o,
          }),
    fileCount: files.length,
    footer: renderFooter(input),
    ...(input.foldFooter && { foldFooter: true }),
    limit,
  });
  // A cut answer may end inside a code span that held an address: check again.
  const final = await securePostedText(
    fitted.trimmed === "answer" ? confine(fitted.body, policy) : fitted.body,
    { ownSecrets: input.ownSecrets },
  );
  return {
    body: final.text.slice(0, limit),
    redactions: answer.redactions + final.redactions,
    trimmed: fitted.trimmed,
  };
}

/** The model's answer with nothing that pings, leaks, loads or links outside the repository. */
async function secureAnswer(
  answer: string,
  policy: LinkPolicy,
  ownSecrets: readonly OwnSecret[] | undefined,
): Promise<{ text: string; redactions: number }> {
  const secured = await securePostedText(answer, { ownSecrets });
  return { ...secured, text: confine(secured.text, policy) };
}

/** An answer the model could not finish, saying so where it stops (outside any code block it was in). */
function markCut(answer: string, replyLimit: number): string {
  return `${closeOpenFence(answer)}\n\n*The model's answer stopped here: it reached the ${replyLimit.toLocaleString("en")}-token limit of one reply, so it may be incomplete.*`;
}

function confine(markdown: string, policy: LinkPolicy): string {
  return neutralizeReferences(filterLinks(markdown, policy).text).text;
}

function hasNotes(g: GroundingReport | undefined): boolean {
  return !!g && g.kept.length + g.corrected.length + g.removed.length > 0;
}
