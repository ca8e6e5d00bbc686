import { createGitHubCodeHost } from "../../../../src/code-host/github/github-code-host.js";
import {
  buildHistoryRepo,
  type HistoryRepo,
} from "../../../helpers/history-repo.js";
import { createTestRepoContext } from "../../../helpers/github-repo-context.js";
import { graphqlRefusal } from "../../../helpers/graphql-discussion.js";
import {
  lineBlameData,
  nockLineBlame,
} from "../../../helpers/graphql-blame.js";
import { createTestOctokit } from "../../../helpers/test-octokit.js";
import { removeDir } from "../../../helpers/temp-repo.js";

let repo: HistoryRepo;
beforeAll(() => {
  repo = buildHistoryRepo();
});
afterAll(() => removeDir(repo.root));

function host(serverErrorRetries?: number) {
  const ctx = createTestRepoContext();
  const octokit = createTestOctokit(
    serverErrorRetries === undefined ? {} : { serverErrorRetries },
  );
  return createGitHubCodeHost({
    api: ctx.api,
    owner: ctx.owner,
    repo: ctx.repo,
    snapshot: { mode: "never" },
    graphql: (query, parameters) => octokit.graphql(query, parameters),
  });
}

const onGitHub = () => ({
  root: repo.root,
  owner: "octo-org",
  name: "hello-world",
});
const MERGED = "2025-01-02T10:00:00Z";

describe("lineHistory on GitHub (GraphQL blame)", () => {
  it("asks GitHub's blame once per file at the commit and gives each range its commit and pull request", async () => {
    const pulls = {
      [repo.retried]: {
        number: 12,
        title: "Retry failed uploads",
        mergedAt: MERGED,
      },
      [repo.squashed]: {
        number: 34,
        title: "Time out uploads after 30 s",
        mergedAt: MERGED,
      },
    };
    const { scope, sent } = nockLineBlame(
      lineBlameData(onGitHub(), repo.head, "src/upload.ts", pulls),
    );
    const reader = host().at(repo.head);
    const first = await reader.lineHistory!("src/upload.ts", 2, 7);
    const again = await reader.lineHistory!("./src/upload.ts", 8, 9);
    expect(sent).toStrictEqual([
      {
        operation: "LineBlame",
        variables: {
          owner: "octo-org",
          repo: "hello-world",
          oid: repo.head,
          path: "src/upload.ts",
        },
      },
    ]);
    expect(first).toStrictEqual({
      path: "src/upload.ts",
      startLine: 2,
      endLine: 7,
      limits: [],
      ranges: [
        {
          startLine: 2,
          endLine: 3,
          commit: {
            sha: repo.retried,
            headline: "Retry uploads twice",
            committedAt: "2025-01-01T00:00:00Z",
            pullRequest: {
              number: 12,
              title: "Retry failed uploads",
              merged: true,
            },
          },
        },
        {
          startLine: 4,
          endLine: 6,
          commit: {
            sha: repo.added,
            headline: "Add the upload client",
            committedAt: "2025-01-01T00:00:00Z",
          },
        },
        {
          startLine: 7,
          endLine: 7,
          commit: {
            sha: repo.squashed,
            headline: "Time out uploads after 30 s (#34)",
            committedAt: "2025-01-01T00:00:00Z",
            pullRequest: {
              number: 34,
              title: "Time out uploads after 30 s",
              merged: true,
            },
          },
        },
      ],
    });
    expect(
      again.ranges.map((r) => [r.startLine, r.endLine, r.commit.sha]),
    ).toStrictEqual([
      [8, 8, repo.added],
      [9, 9, repo.squashed],
    ]);
    expect(scope.pendingMocks()).toStrictEqual([]);
  });

  it("says GitHub's timeout in one line, and never guesses a history", async () => {
    // Octokit's retry plugin takes GitHub's timeout for an HTTP 500 and
    // asks again (GraphQL requests a second apart): none here, to keep the
    // test quick; the error it ends with is the same.
    const { scope } = nockLineBlame({
      data: { repository: { object: null } },
      errors: [
        {
          message:
            "Something went wrong while executing your query. This may be the result of a timeout, or it could be a GitHub bug. Please include `C0DE:1234` when reporting this issue.",
        },
      ],
    });
    const history = await host(0).at(repo.head).lineHistory!(
      "src/upload.ts",
      1,
      3,
    );
    expect(history).toStrictEqual({
      path: "src/upload.ts",
      startLine: 1,
      endLine: 3,
      ranges: [],
      limits: [
        `GitHub's blame of src/upload.ts timed out (GitHub: "Something went wrong while executing your query."): its history was not read.`,
      ],
    });
    expect(scope.pendingMocks()).toStrictEqual([]);
  });

  it("says GitHub's refusal in one line", async () => {
    const { scope } = nockLineBlame(
      graphqlRefusal(
        "repository",
        "NOT_FOUND",
        "Could not resolve to a Repository with the name 'octo-org/hello-world'.",
      ),
    );
    const history = await host().at(repo.head).lineHistory!(
      "src/upload.ts",
      1,
      3,
    );
    expect(history.limits).toStrictEqual([
      `GitHub refused to blame src/upload.ts (GitHub: "Could not resolve to a Repository with the name 'octo-org/hello-world'."): its history was not read.`,
    ]);
    expect(scope.pendingMocks()).toStrictEqual([]);
  });

  it("keeps no history without a GraphQL client", () => {
    const ctx = createTestRepoContext();
    const reader = createGitHubCodeHost({
      api: ctx.api,
      owner: ctx.owner,
      repo: ctx.repo,
      snapshot: { mode: "never" },
    }).at(repo.head);
    expect(reader.lineHistory).toBeUndefined();
  });
});
