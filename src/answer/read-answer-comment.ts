import { extractCitations } from "./extract-citations.js";
import type { RepositoryOnWeb } from "../shared/permalink.js";
import { CONTEXT_DETAILS_OPENING } from "./render-context-details.js";
import { isAnswerComment } from "./render-footer.js";

/** One of askcode's earlier answers, as a follow-up question reads it. */
export interface EarlierAnswer {
  /** The answer's Markdown, without the "Context used" section and the footer. */
  text: string;
  /**
   * The places it cited with a permalink, each once, in the order cited:
   * `path:lines @ commit` (`src/retry.ts:12-20 @ 9fceb02`).
   */
  cited: string[];
}

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
  if (!isAnswerComment(body)) return undefined;
  // The footer is the last line.
  let text = body.trimEnd().split("\n").slice(0, -1).join("\n");
  const details = text.lastIndexOf(CONTEXT_DETAILS_OPENING);
  if (details >= 0) text = text.slice(0, details);
  text = text.trim();
  const cited: string[] = [];
  for (const citation of extractCitations(text, repository)) {
    // A permalink names its commit; a bare path cites nothing checkable.
    if (citation.ref === undefined) continue;
    const path = citation.paths[0];
    if (path === undefined) continue;
    const [start, end] = citation.range ?? [];
    const lines =
      start === undefined
        ? ""
        : start === end
          ? `:${start}`
          : `:${start}-${end}`;
    const commit = /^[0-9a-f]{40}$/.test(citation.ref)
      ? citation.ref.slice(0, 7)
      : citation.ref;
    const place = `${path}${lines} @ ${commit}`;
    if (!cited.includes(place)) cited.push(place);
  }
  return { text, cited };
}
