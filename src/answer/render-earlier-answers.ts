import { codeSpan } from "./render-footer.js";

/** An earlier answer in the repository that cited the places a new question's best ones are. */
export interface EarlierAnswerLink {
  /** The answer comment's page address. */
  url: string;
  /** Where it is, in words: "issue 12", "pull request 40", "discussion 7". */
  where: string;
  /** When it was answered (ms since the epoch). */
  answeredAt: number;
  /** The files it cited that the new question's best places are in, best first. */
  shared: readonly string[];
}

// Enough to recognise the earlier discussion; the link has the rest.
const MAX_PATHS = 2;

/**
 * The line an answer ends with when earlier answers here cited the same
 * code: each linked, with where and when it was given and the files it
 * shares. Empty for none. The links are askcode's own (comment pages of
 * this repository), never the model's.
 *
 * @example
 * renderEarlierAnswers([{ url: "https://github.com/o/r/issues/12#issuecomment-9", where: "issue 12", answeredAt: Date.parse("2026-10-03"), shared: ["src/retry.ts"] }])
 * // "**Answered before** on the same code: [an answer in issue 12](https://github.com/o/r/issues/12#issuecomment-9) (2026-10-03, `src/retry.ts`)."
 */
export function renderEarlierAnswers(
  answers: readonly EarlierAnswerLink[],
): string {
  if (answers.length === 0) return "";
  const links = answers.map((answer) => {
    const day = new Date(answer.answeredAt).toISOString().slice(0, 10);
    const paths = answer.shared.slice(0, MAX_PATHS).map(codeSpan).join(", ");
    return `[an answer in ${answer.where}](${answer.url}) (${day}${paths ? `, ${paths}` : ""})`;
  });
  return `**Answered before** on the same code: ${links.join("; ")}.`;
}
