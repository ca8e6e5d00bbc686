import { commitLink, type RepositoryAtSha } from "./permalink.js";

export interface FooterInput {
  repository: RepositoryAtSha;
  /** The model that wrote the answer; absent when retrieval alone did. */
  model?: string;
  /** Tokens the model used over the whole run (prompts and completions). */
  tokensUsed?: number;
  /** A model was meant to answer and did not: which, and what happened ("returned an empty answer"). */
  fallback?: { model: string; why: string };
}

/**
 * The one-line footer: who answered, with which model and how many tokens,
 * and the commit every link is pinned to.
 *
 * @example
 * renderFooter({ repository, model: "gpt-4o", tokensUsed: 12_345 })
 * // "<sub>askcode · gpt-4o · 12,345 tokens · read at [9fceb02](https://github.com/o/r/commit/9fceb02…)</sub>"
 * renderFooter({ repository })
 * // "<sub>askcode · retrieval only, no model · read at [9fceb02](…)</sub>"
 * renderFooter({ repository, fallback: { model: "gpt-4o", why: "returned an empty answer" } })
 * // "<sub>askcode · model gpt-4o returned an empty answer; this answer is from retrieval · read at [9fceb02](…)</sub>"
 */
export function renderFooter(input: FooterInput): string {
  const { repository, model, tokensUsed, fallback } = input;
  const parts = ["askcode"];
  if (model) {
    parts.push(escapeHtml(model));
    if (tokensUsed !== undefined)
      parts.push(`${tokensUsed.toLocaleString("en")} tokens`);
  } else if (fallback)
    parts.push(
      `model ${escapeHtml(fallback.model)} ${escapeHtml(fallback.why)}; this answer is from retrieval`,
    );
  else parts.push("retrieval only, no model");
  parts.push(
    `read at [${repository.sha.slice(0, 7)}](${commitLink(repository)})`,
  );
  return `<sub>${parts.join(" · ")}</sub>`;
}

function escapeHtml(text: string): string {
  return text.replace(/[<>&]/g, (c) =>
    c === "<" ? "&lt;" : c === ">" ? "&gt;" : "&amp;",
  );
}
