import { IDENTIFIER, looksLikeCode } from "../../text/code-terms.js";
import { isCodeKeyword } from "../../text/stop-words.js";
import { questionRegions } from "./question-regions.js";

/**
 * The names a question writes as code in their own right, lowercased: in a
 * code span, called (`next(err)`), used as an object (`qs.parse`,
 * `urllib3::`), or shaped like code (`max_retries`, `HTTPException`). A
 * member of something else (`body` in `req.body`) is that thing's, so it
 * is left out, as are keywords (`self`, `this`).
 *
 * @example
 * namesWrittenAsCode("how does next(err) reach `finalhandler`? req.body is empty")
 * // Set { "next", "finalhandler", "req" }
 */
export function namesWrittenAsCode(question: string): Set<string> {
  const regions = questionRegions(question);
  const names = new Set<string>();
  const scan = (text: string, everyName: boolean) => {
    for (const m of text.matchAll(IDENTIFIER)) {
      const word = m[0];
      const at = m.index ?? 0;
      if (text[at - 1] === "." || isCodeKeyword(word)) continue;
      const after = text.slice(at + word.length, at + word.length + 2);
      if (
        everyName ||
        after[0] === "(" ||
        (after[0] === "." && /\w/.test(text[at + word.length + 1] ?? "")) ||
        after === "::" ||
        looksLikeCode(word) ||
        /^.+[A-Z]/.test(word)
      )
        names.add(word.toLowerCase());
    }
  };
  for (const span of regions.codeSpans) scan(span, true);
  for (const text of [regions.title, regions.prose, ...regions.codeBlocks])
    scan(text, false);
  return names;
}
