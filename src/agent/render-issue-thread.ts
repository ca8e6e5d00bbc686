import type { IssueThread, ThreadComment } from "../question/issue-thread.js";
import type { TokenCounter } from "../tokens/token-counter.js";
import { stripInvisible } from "../text/strip-invisible.js";
import { visibleMarkdown } from "../text/visible-markdown.js";
import { cutToTokens } from "./cut-to-tokens.js";
import { dataBlock } from "./data-block.js";
import { describeAuthor } from "./describe-author.js";

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
 * the end), then askcode's last answer (always, cut to fit if it must),
 * then the newest other comments that fit, all shown oldest first, of at
 * most `options.maxComments` (the repository's `limits.max_thread_comments`).
 * A long thread so loses its oldest comments first, never its title nor
 * what askcode last said, which a follow-up question is usually about.
 * Each is a data block labelled with what it is and who wrote it, with
 * their standing in the repository, and holds only what a reader of the
 * issue sees (`visibleMarkdown`); askcode's answers are labelled as its
 * own, with the places they cited as `path:lines @ commit`. What was cut or
 * left out is said outside the blocks.
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
  const all = issue.comments;
  // The thread's bound: its newest comments only, whatever the budget
  // allows, and askcode's last answer wherever it is.
  const firstKept =
    all.length - Math.min(all.length, options.maxComments ?? Infinity);
  const lastAnswer = all.findLastIndex((comment) => comment.askcodeAnswer);
  const answerBeyond = lastAnswer >= 0 && lastAnswer < firstKept;
  const newest = all.length - firstKept;
  const kept = newest + (answerBeyond ? 1 : 0);
  const leftOut = all.length - kept + (issue.commentsNotRead ?? 0);
  const by = issue.author
    ? describeAuthor(issue.author.login, issue.author.association)
    : "an unknown author";
  const title = dataBlock(
    `issue title by ${by}`,
    stripInvisible(issue.title).trim().slice(0, 300),
  );
  let left = budget - counter.count(title) - 2;
  const bodyBudget = Math.max(0, kept > 0 ? Math.floor(left / 2) : left);
  const body = fitBlock(
    `issue body by ${by}`,
    visibleMarkdown(issue.body ?? ""),
    bodyBudget - 20,
    counter,
    "the description",
  );
  left -= counter.count(body.text) + 2;

  const shown = new Map<number, string>();
  if (lastAnswer >= 0) {
    // Kept whatever the budget: cut to what is left when it must be.
    const block = commentBlock(
      all[lastAnswer] as ThreadComment,
      Infinity,
      counter,
    );
    const cost = counter.count(block) + 2;
    const fitted =
      cost <= left
        ? block
        : commentBlock(all[lastAnswer] as ThreadComment, left - 30, counter);
    shown.set(lastAnswer, fitted);
    left -= counter.count(fitted) + 2;
  }
  // Newest first, until the budget is spent; the newest may be cut to fit.
  for (let i = all.length - 1; i >= firstKept && left > 60; i--) {
    if (i === lastAnswer) continue;
    const comment = all[i];
    if (!comment) continue;
    const whole = commentBlock(comment, Infinity, counter);
    const cost = counter.count(whole) + 2;
    if (cost <= left) {
      shown.set(i, whole);
      left -= cost;
      continue;
    }
    const nothingElseShown = [...shown.keys()].every((k) => k === lastAnswer);
    if (nothingElseShown && i > lastAnswer)
      shown.set(i, commentBlock(comment, left - 30, counter));
    break;
  }
  // The comments the budget chose among, oldest first.
  const candidates = [...all.keys()].filter(
    (i) => i >= firstKept || i === lastAnswer,
  );
  const cutForBudget = kept - shown.size;
  const parts = [title, body.text];
  if (leftOut > 0)
    parts.push(
      `(${leftOut} earlier comment${leftOut === 1 ? " is" : "s are"} left out: the thread is cut to ${kept > 0 ? `its newest ${newest} comment${newest === 1 ? "" : "s"}` : "its title and description"}${answerBeyond ? " and askcode's last answer" : ""}.)`,
    );
  parts.push(...placeGaps(shown, candidates));
  const text = parts.join("\n\n");
  return {
    text,
    tokens: counter.count(text),
    bodyCut: body.cut,
    commentsShown: shown.size,
    commentsOmitted: leftOut + cutForBudget,
  };
}

/**
 * The shown comments' blocks, oldest first, with a note where comments were
 * cut for the budget: before the first shown (the oldest go first), between
 * askcode's last answer and newer ones, or after it when nothing newer fit.
 */
function placeGaps(
  shown: ReadonlyMap<number, string>,
  candidates: readonly number[],
): string[] {
  const blocks: string[] = [];
  let gap = 0;
  const note = (where: "earlier" | "here" | "newer") =>
    where === "here"
      ? `(${gap} comment${gap === 1 ? " is" : "s are"} not shown here, to fit the budget.)`
      : `(${gap} ${where} comment${gap === 1 ? " is" : "s are"} not shown, to fit the budget.)`;
  for (const index of candidates) {
    const block = shown.get(index);
    if (block === undefined) {
      gap++;
      continue;
    }
    if (gap > 0) blocks.push(note(blocks.length === 0 ? "earlier" : "here"));
    blocks.push(block);
    gap = 0;
  }
  if (gap > 0) blocks.push(note(blocks.length === 0 ? "earlier" : "newer"));
  return blocks;
}

/**
 * One comment as a data block of at most `maxTokens`: a person's (or
 * another bot's) labelled with who wrote it, askcode's answers labelled as
 * askcode's, with the places they cited after the answer, kept when the
 * answer is cut.
 */
function commentBlock(
  comment: ThreadComment,
  maxTokens: number,
  counter: TokenCounter,
): string {
  const date = comment.createdAt ? ` on ${comment.createdAt.slice(0, 10)}` : "";
  const answer = comment.askcodeAnswer;
  if (!answer) {
    const label = `comment by ${describeAuthor(comment.author, comment.association)}${date}`;
    return fitBlock(
      label,
      visibleMarkdown(comment.body),
      maxTokens,
      counter,
      "this comment",
    ).text;
  }
  const label = `askcode's earlier answer (@${comment.author})${date}`;
  const cited =
    answer.cited.length > 0
      ? `\n\nPlaces this answer cited:\n${answer.cited.map((place) => `- ${place}`).join("\n")}`
      : "\n\n(This answer cited no place with a permalink.)";
  const text = visibleMarkdown(answer.text).trim();
  const room = maxTokens - counter.count(dataBlock(label, cited)) - 20;
  const cut = cutToTokens(text, room, counter);
  return (
    dataBlock(label, cut.text + cited) +
    (cut.cut ? "\n[… the rest of this answer is cut to fit the budget]" : "")
  );
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
