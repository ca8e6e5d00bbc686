import nock from "nock";
import type { BlameRangeNode } from "../../src/code-host/github/graphql-line-history.js";
import { parseBlamePorcelain } from "../../src/code-host/local/parse-blame-porcelain.js";
import { nockGraphql, type GraphqlSent } from "./graphql-discussion.js";
import { GITHUB_API } from "./nock-github.js";
import { git } from "./temp-repo.js";

/** A pull request GitHub associates with a commit, as `associatedPullRequests` gives it. */
export interface AssociatedPullRequest {
  number: number;
  title: string;
  /** When it was merged; null for an open one. */
  mergedAt: string | null;
}

/**
 * GitHub's answer to the `LineBlame` query for `path` at `sha` of a real
 * repository, built from that repository's own `git blame --porcelain`
 * (consecutive lines of one commit as one `BlameRange`), in the shape
 * GitHub's GraphQL API gives the fields askcode asks for: `committedDate`
 * without fractions of a second, `url` on github.com, `age` from 1 (the
 * newest commit) up, and each commit's associated pull request from `pulls`.
 * https://docs.github.com/en/graphql/reference/objects#blamerange
 */
export function lineBlameData(
  repo: { root: string; owner: string; name: string },
  sha: string,
  path: string,
  pulls: Readonly<Record<string, AssociatedPullRequest>> = {},
) {
  const lines = parseBlamePorcelain(
    git(repo.root, "blame", "--porcelain", sha, "--", path),
  );
  const newestFirst = [...new Set(lines.map((l) => l.sha))].sort(
    (a, b) =>
      lines.find((l) => l.sha === b)!.committedAtSeconds -
      lines.find((l) => l.sha === a)!.committedAtSeconds,
  );
  const ranges: BlameRangeNode[] = [];
  for (const line of lines) {
    const last = ranges.at(-1);
    if (last?.commit.oid === line.sha && last.endingLine === line.line - 1) {
      last.endingLine = line.line;
      continue;
    }
    const pull = pulls[line.sha];
    ranges.push({
      startingLine: line.line,
      endingLine: line.line,
      age: Math.min(10, newestFirst.indexOf(line.sha) + 1),
      commit: {
        oid: line.sha,
        abbreviatedOid: line.sha.slice(0, 7),
        messageHeadline: line.summary,
        committedDate: new Date(line.committedAtSeconds * 1000)
          .toISOString()
          .replace(/\.\d{3}Z$/, "Z"),
        url: `https://github.com/${repo.owner}/${repo.name}/commit/${line.sha}`,
        associatedPullRequests: {
          nodes: pull
            ? [
                {
                  ...pull,
                  url: `https://github.com/${repo.owner}/${repo.name}/pull/${pull.number}`,
                },
              ]
            : [],
        },
      },
    });
  }
  return { data: { repository: { object: { blame: { ranges } } } } };
}

/**
 * Serves `LineBlame` on GitHub's `POST /graphql` `times` times with
 * `answer`; what was sent is in `sent`.
 */
export function nockLineBlame(
  answer: object | ((variables: Record<string, unknown>) => object),
  times = 1,
): { scope: nock.Scope; sent: GraphqlSent[] } {
  const sent: GraphqlSent[] = [];
  const scope = nockGraphql(nock(GITHUB_API), "LineBlame", answer, sent, times);
  return { scope, sent };
}
