import type { EarlierAnswerLink } from "../answer/render-earlier-answers.js";
import type {
  AnswerPlace,
  KeptAnswer,
} from "../storage/answer-records/answer-record.js";

/** One of a new question's best places: a file and the lines retrieval ranked. */
export interface QuestionPlace {
  path: string;
  range: readonly [start: number, end: number];
}

// The places that decide: the first few files retrieval ranks.
const TOP_FILES = 5;
// A line overlap counts within the first few of those; below, only files.
const TOP_LINES = 3;

/**
 * The earlier answers in a repository worth naming beside a new one: those
 * whose cited places overlap the new question's best places (the first five
 * files retrieval ranked), scored by how high the shared places rank, a
 * shared line range counting double a shared file. An answer qualifies with
 * cited lines overlapping one of the three best places, or two files of the
 * five in common: one shared file alone is what any two questions about a
 * central module have. Answers in the asking thread (already in view) and
 * answers noted as out of date are left out. Best first, then newest.
 *
 * @example
 * rankEarlierAnswers(kept, [{ path: "src/retry.ts", range: [10, 30] }], { askedIn: place, max: 2 })
 * // [{ url: "https://github.com/o/r/issues/12#issuecomment-9", where: "issue 12", answeredAt: …, shared: ["src/retry.ts"] }]
 */
export function rankEarlierAnswers(
  kept: readonly KeptAnswer[],
  places: readonly QuestionPlace[],
  options: {
    askedIn: Pick<AnswerPlace, "issueNumber" | "reactTo">;
    max: number;
  },
): EarlierAnswerLink[] {
  const top = firstFiles(places);
  const scored = kept.flatMap((answer) => {
    if (answer.noted || sameThread(answer.place, options.askedIn)) return [];
    let score = 0;
    let linesShared = false;
    const shared: string[] = [];
    top.forEach((place, rank) => {
      const file = answer.tracked.cited.find((f) => f.path === place.path);
      if (!file) return;
      shared.push(place.path);
      const overlaps =
        file.ranges.length === 0 ||
        file.ranges.some(
          ([s, e]) => s <= place.range[1] && e >= place.range[0],
        );
      if (overlaps && rank < TOP_LINES) linesShared = true;
      score += (overlaps ? 2 : 1) / (rank + 1);
    });
    if (!linesShared && shared.length < 2) return [];
    return [{ answer, score, shared }];
  });
  return scored
    .sort(
      (a, b) => b.score - a.score || b.answer.answeredAt - a.answer.answeredAt,
    )
    .slice(0, options.max)
    .map(({ answer, shared }) => ({
      url: answer.url,
      where: placeName(answer.place),
      answeredAt: answer.answeredAt,
      shared,
    }));
}

/** The first place of each of the first `TOP_FILES` files. */
function firstFiles(places: readonly QuestionPlace[]): QuestionPlace[] {
  const seen = new Set<string>();
  const top: QuestionPlace[] = [];
  for (const place of places) {
    if (seen.has(place.path)) continue;
    seen.add(place.path);
    top.push(place);
    if (top.length === TOP_FILES) break;
  }
  return top;
}

function isDiscussion(place: Pick<AnswerPlace, "reactTo">): boolean {
  return (
    place.reactTo.kind === "discussion" ||
    place.reactTo.kind === "discussion-comment"
  );
}

// Issues and pull requests share their numbers; discussions have their own.
function sameThread(
  a: Pick<AnswerPlace, "issueNumber" | "reactTo">,
  b: Pick<AnswerPlace, "issueNumber" | "reactTo">,
): boolean {
  return a.issueNumber === b.issueNumber && isDiscussion(a) === isDiscussion(b);
}

function placeName(place: AnswerPlace): string {
  if (isDiscussion(place)) return `discussion ${place.issueNumber}`;
  return place.onPullRequest || place.reactTo.kind === "review-comment"
    ? `pull request ${place.issueNumber}`
    : `issue ${place.issueNumber}`;
}
