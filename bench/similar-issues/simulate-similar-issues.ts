import { issueSearchWords } from "../../src/answer-records/issue-search-words.js";
import { scoreSimilarIssues } from "../../src/answer-records/score-similar-issues.js";
import { IDENTIFIER } from "../../src/text/code-terms.js";
import { stemWord } from "../../src/text/stem-word.js";
import type { Instance } from "../swebench/load-instances.js";

/** One later issue's two best earlier ones, as the answer would weigh them. */
export interface SimulatedIssue {
  instanceId: string;
  /** Some earlier issue of the repository shares a fixed file with it: a link could be right. */
  relatedExists: boolean;
  /** The two best candidates, best first: their score and whether their fix shares a file. */
  best: Array<{ number: number; score: number; related: boolean }>;
}

// GitHub's first page: what the App reads of the search (`per_page` 30).
const SEARCH_PAGE = 30;
const SHOWN = 2;

/**
 * The similar-issues step replayed on a data set's rows, repository by
 * repository in issue order: each issue is a new question and the rows
 * before it are the repository's earlier issues. GitHub's issue search is
 * stood in for by a keyword match (an earlier issue with any of the
 * question's search words, stems matched as GitHub matches them; the most
 * words first, then the newest; its first page), then re-ranked as the App
 * does (`scoreSimilarIssues`). Retrieval does not run here, so a
 * question's best places are what `placesOf` gives (none by default: the
 * text alone is measured; `questionFilesAt` gives the files its text names
 * that its commit's tree has, which retrieval ranks first), and no earlier
 * answer was kept. Two issues are related when their fixes changed a file
 * in common.
 *
 * @example
 * simulateSimilarIssues(rows) // [{ instanceId: "a__b-12", relatedExists: true, best: [{ number: 7, score: 0.41, related: true }] }, …]
 */
export function simulateSimilarIssues(
  rows: readonly Instance[],
  placesOf: (row: Instance) => string[] = () => [],
): SimulatedIssue[] {
  const byRepo = new Map<string, Instance[]>();
  for (const row of rows)
    byRepo.set(row.repo, [...(byRepo.get(row.repo) ?? []), row]);
  const out: SimulatedIssue[] = [];
  for (const repoRows of byRepo.values()) {
    const ordered = [...repoRows].sort(
      (a, b) => issueNumber(a) - issueNumber(b),
    );
    const words = ordered.map((row) => wordStems(row.problem_statement));
    ordered.forEach((row, i) => {
      if (i === 0) return;
      const gold = new Set(row.gold_files);
      const related = (other: Instance) =>
        other.gold_files.some((file) => gold.has(file));
      const wanted = issueSearchWords(row.problem_statement).map(stemWord);
      const found = ordered
        .slice(0, i)
        .map((other, j) => ({
          other,
          hits: wanted.filter((w) => words[j]!.has(w)).length,
        }))
        .filter(({ hits }) => hits > 0)
        .sort(
          (a, b) =>
            b.hits - a.hits || issueNumber(b.other) - issueNumber(a.other),
        )
        .slice(0, SEARCH_PAGE)
        .map(({ other }) => other);
      const scored = scoreSimilarIssues(
        { text: row.problem_statement, places: placesOf(row) },
        found.map((other) => ({
          number: issueNumber(other),
          ...titleAndBody(other.problem_statement),
        })),
      );
      out.push({
        instanceId: row.instance_id,
        relatedExists: ordered.slice(0, i).some(related),
        best: scored.slice(0, SHOWN).map(({ candidate, score }) => ({
          number: candidate.number,
          score,
          related: related(
            found.find((o) => issueNumber(o) === candidate.number)!,
          ),
        })),
      });
    });
  }
  return out;
}

/** The issue's number: the tail of `<owner>__<repo>-<number>`. */
export function issueNumber(row: Pick<Instance, "instance_id">): number {
  const number = Number(/-(\d+)$/.exec(row.instance_id)?.[1]);
  if (!Number.isInteger(number))
    throw new Error(
      `${row.instance_id} does not end in -<issue number>; the rows' ids are <owner>__<repo>-<number>.`,
    );
  return number;
}

/** The rows' problem statement is the issue's title, a newline, then its body. */
function titleAndBody(text: string): { title: string; body: string } {
  const cut = text.indexOf("\n");
  return cut < 0
    ? { title: text, body: "" }
    : { title: text.slice(0, cut), body: text.slice(cut + 1) };
}

function wordStems(text: string): Set<string> {
  return new Set(
    [...text.matchAll(IDENTIFIER)].map((m) => stemWord(m[0].toLowerCase())),
  );
}
