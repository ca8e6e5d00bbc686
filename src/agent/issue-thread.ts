import type { TokenCounter } from "../tokens/token-counter.js";
import { stripInvisible } from "../text/strip-invisible.js";
import { visibleMarkdown } from "../text/visible-markdown.js";
import { cutToTokens } from "./cut-to-tokens.js";
import { dataBlock } from "./data-block.js";
import { describeAuthor } from "./describe-author.js";

/** Who wrote a part of the thread: a login and GitHub's `author_association` for it. */
export interface ThreadAuthor {
  login: string;
  /** `OWNER`, `MEMBER`, `NONE`, …; absent when the source did not say. */
  association?: string;
}

/** The issue a question was asked in: its title, description and earlier comments, as written. */
export interface IssueThread {
  number?: number;
  title: string;
  body: string | null;
  /** Who opened the issue. */
  author?: ThreadAuthor;
  /** Oldest first, without the comment that asked the question. */
  comments: ReadonlyArray<{
    author: string;
    association?: string;
    body: string;
    createdAt?: string;
  }>;
  /** Who wrote the text that asked: the asking comment's author, or the issue's when the issue asked. */
  asker?: ThreadAuthor;
  /** Earlier comments the source did not read at all (beyond what it fetches); absent: none. */
  commentsNotRead?: number;
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
 * the end), then the newest comments that fit, shown oldest first, of at
 * most `options.maxComments` (the repository's `limits.max_thread_comments`).
 * Each is a
 * data block labelled with what it is and who wrote it, with their standing
 * in the repository, and holds only what a reader of the issue sees
 * (`visibleMarkdown`). What was cut or left out is said outside the blocks.
 *
 * @example
 * renderIssueThread({ title: "Retries", body: "…", author: { login: "alice", association: "NONE" }, comments }, 3_000, counter).text
 * // '<data from="issue title by @alice (NONE: not a member of the repository)">\nRetries\n</data>\n\n…'
 */
export function renderIssueThread(
  issue: IssueThread,
  budget: number,
  counter: TokenCounter,
  options: { maxComments?: number } = {},
): RenderedIssueThread {
  // The thread's bound: its newest comments only, whatever the budget allows.
  const kept = issue.comments.slice(
    issue.comments.length -
      Math.min(issue.comments.length, options.maxComments ?? Infinity),
  );
  const leftOut =
    issue.comments.length - kept.length + (issue.commentsNotRead ?? 0);
  const by = issue.author
    ? describeAuthor(issue.author.login, issue.author.association)
    : "an unknown author";
  const title = dataBlock(
    `issue title by ${by}`,
    stripInvisible(issue.title).trim().slice(0, 300),
  );
  let left = budget - counter.count(title) - 2;
  const bodyBudget = Math.max(0, kept.length > 0 ? Math.floor(left / 2) : left);
  const body = fitBlock(
    `issue body by ${by}`,
    visibleMarkdown(issue.body ?? ""),
    bodyBudget - 20,
    counter,
    "the description",
  );
  left -= counter.count(body.text) + 2;

  const shown: string[] = [];
  // Newest first, until the budget is spent; the newest may be cut to fit.
  for (let i = kept.length - 1; i >= 0 && left > 60; i--) {
    const comment = kept[i];
    if (!comment) continue;
    const date = comment.createdAt
      ? ` on ${comment.createdAt.slice(0, 10)}`
      : "";
    const label = `comment by ${describeAuthor(comment.author, comment.association)}${date}`;
    const text = visibleMarkdown(comment.body);
    const whole = fitBlock(label, text, Infinity, counter, "this comment");
    const cost = counter.count(whole.text) + 2;
    if (cost <= left) {
      shown.unshift(whole.text);
      left -= cost;
      continue;
    }
    if (shown.length === 0)
      shown.unshift(
        fitBlock(label, text, left - 30, counter, "this comment").text,
      );
    break;
  }
  const cutForBudget = kept.length - shown.length;
  const parts = [title, body.text];
  if (leftOut > 0)
    parts.push(
      `(${leftOut} earlier comment${leftOut === 1 ? " is" : "s are"} left out: the thread is cut to ${kept.length > 0 ? `its newest ${kept.length} comment${kept.length === 1 ? "" : "s"}` : "its title and description"}.)`,
    );
  if (cutForBudget > 0)
    parts.push(
      `(${cutForBudget} earlier comment${cutForBudget === 1 ? " is" : "s are"} not shown, to fit the budget.)`,
    );
  parts.push(...shown);
  const text = parts.join("\n\n");
  return {
    text,
    tokens: counter.count(text),
    bodyCut: body.cut,
    commentsShown: shown.length,
    commentsOmitted: leftOut + cutForBudget,
  };
}

/**
 * A data block within `maxTokens`, its text cut at the end when it does not
 * fit, with askcode's note on the cut after the block; a text with nothing
 * visible is said to be so instead.
 */
function fitBlock(
  label: string,
  visible: string,
  maxTokens: number,
  counter: TokenCounter,
  what: string,
): { text: string; cut: boolean } {
  const text = visible.trim();
  if (text === "") return { text: `(${label}: no visible text.)`, cut: false };
  const cut = cutToTokens(
    text,
    maxTokens - counter.count(dataBlock(label, "")),
    counter,
  );
  return {
    text:
      dataBlock(label, cut.text) +
      (cut.cut ? `\n[… the rest of ${what} is cut to fit the budget]` : ""),
    cut: cut.cut,
  };
}
