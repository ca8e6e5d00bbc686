import { formatElapsed } from "./format-elapsed.js";
import { commitLink, type RepositoryAtSha } from "../shared/permalink.js";

export interface FooterInput {
  repository: RepositoryAtSha;
  /** The model that wrote the answer; absent when retrieval alone did. */
  model?: string;
  /** Tokens the model used over the whole run (prompts and completions). */
  tokensUsed?: number;
  /** What those tokens cost, in US dollars (with the operator's price for the model). */
  costUsd?: number;
  /** A model was meant to answer and did not: which, and what happened ("returned an empty answer"). */
  fallback?: { model: string; why: string };
  /** How long the run took, from the question's pickup to this answer. */
  elapsedMs?: number;
}

/**
 * The one-line footer: who answered, with which model and how many tokens,
 * how long it took, and the commit every link is pinned to (with the ref the
 * question named).
 *
 * @example
 * renderFooter({ repository, model: "gpt-4o", tokensUsed: 12_345, costUsd: 0.046, elapsedMs: 83_600 })
 * // "<sub>askcode · gpt-4o · 12,345 tokens · $0.046 · 1m 24s · read at [9fceb02](https://github.com/o/r/commit/9fceb02…)</sub>"
 * renderFooter({ repository, elapsedMs: 2_100 })
 * // "<sub>askcode · retrieval only, no model · 2.1s · read at [9fceb02](…)</sub>"
 * renderFooter({ repository, fallback: { model: "gpt-4o", why: "returned an empty answer" } })
 * // "<sub>askcode · model gpt-4o returned an empty answer; this answer is from retrieval · read at [9fceb02](…)</sub>"
 */
export function renderFooter(input: FooterInput): string {
  const { repository, model, tokensUsed, fallback, elapsedMs } = input;
  const parts = ["askcode"];
  if (model) {
    parts.push(escapeHtml(model));
    if (tokensUsed !== undefined)
      parts.push(`${tokensUsed.toLocaleString("en")} tokens`);
    if (input.costUsd !== undefined) parts.push(formatUsd(input.costUsd));
  } else if (fallback)
    parts.push(
      `model ${escapeHtml(fallback.model)} ${escapeHtml(fallback.why)}; this answer is from retrieval`,
    );
  else parts.push("retrieval only, no model");
  if (elapsedMs !== undefined) parts.push(formatElapsed(elapsedMs));
  parts.push(readAt(repository));
  return `<sub>${parts.join(" · ")}</sub>`;
}

/**
 * A cost in US dollars as a reader wants it: cents, or a tenth of a cent
 * below ten cents, or "<$0.001".
 *
 * @example
 * formatUsd(0.0456) // "$0.046"
 * formatUsd(1.234)  // "$1.23"
 */
export function formatUsd(usd: number): string {
  if (usd > 0 && usd < 0.001) return "<$0.001";
  return `$${usd.toFixed(usd < 0.1 ? 3 : 2)}`;
}

// The footer as renderFooter writes it: "askcode", then what answered (a
// model, or retrieval), then where it read. A failure's footer goes straight
// from "askcode" to where it read, and progress, interrupted and moved
// notices end in a footer that reads nothing, so only an answer matches.
const ANSWER_FOOTER =
  /^<sub>askcode · (?!read )[^\n]* · read (?:`[^`\n]*` )?at \[[0-9a-f]{7}\]\([^)\s]+\)<\/sub>$/;

/**
 * Whether a comment's body is one of askcode's answers: its last line is the
 * footer `renderFooter` writes (or, with `footer: folded`, the last line of
 * its closing details section is). askcode's other comments (progress, failure,
 * interrupted, moved, limit notices) never end in one. Answers posted by any
 * version of askcode that wrote this footer are recognised, so the test
 * needs no hidden marker in the comment.
 *
 * @example
 * isAnswerComment("It retries twice.\n\n<sub>askcode · gpt-4o · 1,024 tokens · read at [9fceb02](https://github.com/o/r/commit/9fceb02…)</sub>") // true
 * isAnswerComment("⏳ Searching the code…\n\n<sub>askcode · this comment will be updated with the answer</sub>") // false
 */
export function isAnswerComment(body: string): boolean {
  const lines = body.trimEnd().split("\n");
  // `footer: folded` puts it last inside the details section.
  const footer =
    lines.at(-1)?.trim() === "</details>" ? lines.at(-2) : lines.at(-1);
  return ANSWER_FOOTER.test((footer ?? "").trim());
}

// Text from an issue in a footer or reply: long enough for any real ref name.
const MAX_SPAN_CHARS = 80;

/**
 * Which commit was read, linked, and the ref the question named when it
 * named one: the end of every footer, an answer's or a failure's.
 *
 * @example
 * readAt({ owner: "o", repo: "r", sha })                    // "read at [9fceb02](https://github.com/o/r/commit/9fceb02…)"
 * readAt({ owner: "o", repo: "r", sha, askedRef: "v2.1" }) // "read `v2.1` at [9fceb02](…)"
 */
export function readAt(repository: RepositoryAtSha): string {
  const commit = `[${repository.sha.slice(0, 7)}](${commitLink(repository)})`;
  const ref = repository.askedRef;
  return ref === undefined
    ? `read at ${commit}`
    : `read ${codeSpan(ref)} at ${commit}`;
}

/**
 * Text from an issue shown as a code span (nothing in it renders or pings):
 * backticks and control characters dropped, at most 80 characters.
 *
 * @example
 * codeSpan("v2.1") // "`v2.1`"
 */
export function codeSpan(text: string): string {
  const flat = text.replace(/[`\x00-\x1f\x7f]/g, "").trim() || "?";
  const shown =
    flat.length > MAX_SPAN_CHARS ? `${flat.slice(0, MAX_SPAN_CHARS)}…` : flat;
  return `\`${shown}\``;
}

function escapeHtml(text: string): string {
  return text.replace(/[<>&]/g, (c) =>
    c === "<" ? "&lt;" : c === ">" ? "&gt;" : "&amp;",
  );
}
