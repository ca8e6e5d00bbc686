import type { QuestionPlace } from "../answer-records/find-earlier-answers.js";
import { issueSearchWords } from "../answer-records/issue-search-words.js";
import { scoreSimilarIssues } from "../answer-records/score-similar-issues.js";
import { SIMILAR_ISSUE_THRESHOLD } from "../answer-records/similar-issue-threshold.js";
import type { SimilarIssueLink } from "../answer/render-similar-issues.js";
import type { IssueSearch } from "../code-host/github/search-issues.js";
import type { QuestionJob } from "../question/question-job.js";
import type { Clock } from "../shared/clock.js";
import { createDeadline } from "../shared/deadline.js";
import {
  repositoryKey,
  type AnswerRecords,
} from "../storage/answer-records/answer-record.js";

// More would bury the answer under links.
const MAX_SIMILAR = 2;
// "@askcode" and other mentions name people, not the problem.
const MENTION = /(^|[^\w`])@[\w-]+(?:\/[\w.-]+)?/g;
// A pointer is not worth holding the answer for: a rate limit longer than
// this is not waited out, and the answer goes without the line.
const SEARCH_TIME_MS = 10_000;

/**
 * "Similar earlier issues" for one question, when it is an issue's opening
 * post (undefined anywhere else: a comment's question is about the thread
 * it is in, not a new problem): the repository's issues GitHub's search
 * finds for the question's strongest words (`issueSearchWords`), scored
 * against the question's text and best places (`scoreSimilarIssues`, an
 * earlier answer's cited files counting for the issue it was given in),
 * the best two at `SIMILAR_ISSUE_THRESHOLD` or above. A search GitHub
 * refuses, rate-limits or times out leaves the answer without the line,
 * logged: it is a pointer, never worth failing an answer for; records that
 * cannot be read leave out only what earlier answers cited.
 *
 * @example
 * const similar = findSimilarIssuesFor(job, { search, records, clock, log });
 * await similar?.("Upload never gives up…", [{ path: "src/upload.py", range: [6, 10] }]) // [{ number: 12, title: "…", state: "closed" }]
 */
export function findSimilarIssuesFor(
  job: Pick<
    QuestionJob,
    | "installationId"
    | "repositoryId"
    | "issueNumber"
    | "onPullRequest"
    | "reactTo"
    | "task"
    | "deliveryId"
  >,
  deps: {
    search: IssueSearch;
    records?: AnswerRecords;
    clock: Clock;
    log: { warn(meta: object, message: string): void };
  },
):
  | ((
      question: string,
      places: readonly QuestionPlace[],
    ) => Promise<SimilarIssueLink[]>)
  | undefined {
  if (
    job.task.kind !== "question" ||
    job.reactTo.kind !== "issue" ||
    job.onPullRequest
  )
    return undefined;
  return async (asked, places) => {
    const question = asked.replace(MENTION, "$1");
    try {
      const hits = await deps.search({
        words: issueSearchWords(question),
        excludeNumber: job.issueNumber,
        deadline: createDeadline(deps.clock, SEARCH_TIME_MS),
      });
      if (hits.length === 0) return [];
      // Unreadable records cost the cited files, not the line.
      const cited = await citedByIssue(job, deps.records).catch(
        (error: unknown) => {
          deps.log.warn(
            { err: error, deliveryId: job.deliveryId },
            "askcode could not read its earlier answers; the similar issues are found by their text alone",
          );
          return new Map<number, string[]>();
        },
      );
      const scored = scoreSimilarIssues(
        { text: question, places: [...new Set(places.map((p) => p.path))] },
        hits.map((hit) => ({
          ...hit,
          ...(cited.has(hit.number) && { cited: cited.get(hit.number)! }),
        })),
      );
      return scored
        .filter(({ score }) => score >= SIMILAR_ISSUE_THRESHOLD)
        .slice(0, MAX_SIMILAR)
        .map(({ candidate }) => {
          const hit = hits.find((h) => h.number === candidate.number)!;
          return { number: hit.number, title: hit.title, state: hit.state };
        });
    } catch (error) {
      deps.log.warn(
        { err: error, deliveryId: job.deliveryId },
        "askcode could not search the repository's earlier issues; answering without them",
      );
      return [];
    }
  };
}

/** The files askcode's kept answers cited, by the issue each was given in. */
async function citedByIssue(
  job: Pick<QuestionJob, "installationId" | "repositoryId">,
  records: AnswerRecords | undefined,
): Promise<Map<number, string[]>> {
  const cited = new Map<number, string[]>();
  if (!records || job.repositoryId === undefined) return cited;
  const { installationId, repositoryId } = job;
  const kept = await records.recent(
    repositoryKey({ installationId, repositoryId }),
    0,
  );
  for (const answer of kept) {
    const { place } = answer;
    // Discussions number apart from issues; a pull request is no earlier issue.
    const inIssue =
      place.reactTo.kind === "comment" || place.reactTo.kind === "issue";
    if (place.onPullRequest || !inIssue) continue;
    const files = answer.tracked.cited.map((file) => file.path);
    cited.set(place.issueNumber, [
      ...(cited.get(place.issueNumber) ?? []),
      ...files,
    ]);
  }
  return cited;
}
