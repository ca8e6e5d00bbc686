import { extractCitations } from "./extract-citations.js";
import type { RepositoryOnWeb } from "../shared/permalink.js";
import { CONTEXT_DETAILS_OPENING } from "./render-context-details.js";
import { isAnswerComment } from "./render-footer.js";
import type { LineRange } from "./line-range.js";
import type { EarlierAnswer } from "../question/issue-thread.js";

/**
 * Reads one of askcode's comments as an earlier answer: the answer itself,
 * and the places its permalinks point at. `undefined` when the comment is
 * not an answer (a progress, failure or interrupted notice): those say
 * nothing about the code. What the answer was written from (its "Context
 * used" list) is not what it cited, so neither its links nor the footer's
 * commit count.
 *
 * @example
 * readAnswerComment("Retries stop in [retry.ts](https://github.com/o/r/blob/9fceb02…/src/retry.ts#L12-L20).\n\n<sub>askcode · gpt-4o · … · read at [9fceb02](…)</sub>", { owner: "o", repo: "r" })
 * // { text: "Retries stop in [retry.ts](…).", cited: ["src/retry.ts:12-20 @ 9fceb02"] }
 */
export function readAnswerComment(
  body: string,
  repository: RepositoryOnWeb,
): EarlierAnswer | undefined {
  const answer = answerCitations(body, repository);
  if (!answer) return undefined;
  const cited = answer.places.map(({ path, range, ref }) => {
    const [start, end] = range ?? [];
    const lines =
      start === undefined
        ? ""
        : start === end
          ? `:${start}`
          : `:${start}-${end}`;
    const commit = /^[0-9a-f]{40}$/.test(ref) ? ref.slice(0, 7) : ref;
    return `${path}${lines} @ ${commit}`;
  });
  return { text: answer.text, cited: [...new Set(cited)] };
}

/** A place an answer cited with a permalink. */
export interface CitedPlace {
  path: string;
  /** The lines linked; absent when the link is to the whole file. */
  range?: LineRange;
  /** The commit (or ref) the link names. */
  ref: string;
}

/**
 * The text of one of askcode's answers and the places its permalinks point
 * at, in the order cited; `undefined` when the comment is not an answer.
 * The "Context used" section and the footer are neither text nor citations.
 *
 * @example
 * answerCitations("See [retry.ts](https://github.com/o/r/blob/9fceb02…/src/retry.ts#L12-L20).\n\n<sub>askcode · … · read at [9fceb02](…)</sub>", { owner: "o", repo: "r" })
 * // { text: "See [retry.ts](…).", places: [{ path: "src/retry.ts", range: [12, 20], ref: "9fceb02…" }] }
 */
export function answerCitations(
  body: string,
  repository: RepositoryOnWeb,
): { text: string; places: CitedPlace[] } | undefined {
  if (!isAnswerComment(body)) return undefined;
  // The footer is the last line.
  let text = body.trimEnd().split("\n").slice(0, -1).join("\n");
  const details = text.lastIndexOf(CONTEXT_DETAILS_OPENING);
  if (details >= 0) text = text.slice(0, details);
  text = text.trim();
  const places: CitedPlace[] = [];
  for (const citation of extractCitations(text, repository)) {
    // A permalink names its commit; a bare path cites nothing checkable.
    const path = citation.paths[0];
    if (citation.ref === undefined || path === undefined) continue;
    places.push({
      path,
      ref: citation.ref,
      ...(citation.range && { range: citation.range }),
    });
  }
  return { text, places };
}
