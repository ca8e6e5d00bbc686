import type { TokenCounter } from "../tokens/token-counter.js";
import { cutToTokens } from "./cut-to-tokens.js";

/** The issue a question was asked in: its title, description and earlier comments. */
export interface IssueThread {
  number?: number;
  title: string;
  body: string | null;
  /** Oldest first, without the comment that asked the question. */
  comments: ReadonlyArray<{ author: string; body: string; createdAt?: string }>;
}

export interface RenderedIssueThread {
  text: string;
  tokens: number;
  bodyCut: boolean;
  commentsShown: number;
  commentsOmitted: number;
}

/**
 * The issue thread as the model reads it, within `budget` tokens: the title,
 * the description (up to half the budget when there are comments, cut at
 * the end), then the newest comments that fit, shown oldest first. What was
 * cut or left out is said in the text.
 *
 * @example
 * renderIssueThread({ title: "Retries", body: "…", comments }, 3_000, counter).text
 * // "Title: Retries\n\n…\n\n(3 earlier comments are not shown, to fit the budget.)\n\nComment by @octocat on 2024-05-01:\n…"
 */
export function renderIssueThread(
  issue: IssueThread,
  budget: number,
  counter: TokenCounter,
): RenderedIssueThread {
  const title = `Title: ${issue.title.trim().slice(0, 300)}`;
  let left = budget - counter.count(title) - 2;
  const body = issue.body?.trim() || "(no description)";
  const bodyBudget = Math.max(
    0,
    issue.comments.length > 0 ? Math.floor(left / 2) : left,
  );
  const cutBody = cutToTokens(body, bodyBudget - 20, counter);
  const bodyText = cutBody.cut
    ? `${cutBody.text}\n[… the rest of the description is cut to fit the budget]`
    : cutBody.text;
  left -= counter.count(bodyText) + 2;

  const shown: string[] = [];
  // Newest first, until the budget is spent; the newest may be cut to fit.
  for (let i = issue.comments.length - 1; i >= 0 && left > 60; i--) {
    const comment = issue.comments[i];
    if (!comment) continue;
    const date = comment.createdAt
      ? ` on ${comment.createdAt.slice(0, 10)}`
      : "";
    const header = `Comment by @${comment.author}${date}:`;
    const whole = `${header}\n${comment.body.trim()}`;
    const cost = counter.count(whole) + 2;
    if (cost <= left) {
      shown.unshift(whole);
      left -= cost;
      continue;
    }
    if (shown.length === 0) {
      const cut = cutToTokens(
        comment.body.trim(),
        left - counter.count(header) - 30,
        counter,
      );
      shown.unshift(
        `${header}\n${cut.text}\n[… the rest of this comment is cut to fit the budget]`,
      );
    }
    break;
  }
  const omitted = issue.comments.length - shown.length;
  const parts = [title, bodyText];
  if (omitted > 0)
    parts.push(
      `(${omitted} earlier comment${omitted === 1 ? " is" : "s are"} not shown, to fit the budget.)`,
    );
  parts.push(...shown);
  const text = parts.join("\n\n");
  return {
    text,
    tokens: counter.count(text),
    bodyCut: cutBody.cut,
    commentsShown: shown.length,
    commentsOmitted: omitted,
  };
}
