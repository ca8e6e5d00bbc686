import nock from "nock";
import { createResponseCache } from "../../../../src/cache/response-cache.js";
import { createGitHubApi } from "../../../../src/code-host/github/github-api.js";
import { createGitHubIssueSearch } from "../../../../src/code-host/github/search-issues.js";
import { createDeadline } from "../../../../src/shared/deadline.js";
import { createFakeClock } from "../../../helpers/fake-clock.js";
import { GITHUB_API, githubFixture } from "../../../helpers/nock-github.js";
import {
  issueSearchPage,
  nockSearchIssues,
} from "../../../helpers/nock-search-issues.js";
import { createTestOctokit } from "../../../helpers/test-octokit.js";

const Q = "repo:octo-org/hello-world is:issue upload OR retries";

function search() {
  const api = createGitHubApi({
    octokit: createTestOctokit(),
    cache: createResponseCache(),
    namespace: "installation:42",
  });
  return createGitHubIssueSearch({
    api,
    owner: "octo-org",
    repo: "hello-world",
  });
}

describe("createGitHubIssueSearch", () => {
  afterEach(() => nock.cleanAll());

  it("asks GitHub's issue search for any of the words in the repository's issues, and keeps the issues but the asking one, pull requests and other repositories'", async () => {
    const scope = nockSearchIssues(nock(GITHUB_API), {
      q: Q,
      body: issueSearchPage("octo-org/hello-world", [
        {
          number: 12,
          title: "Upload retries forever",
          body: "It never stops.",
          state: "closed",
        },
        { number: 40, title: "Upload retries", body: "The asking issue." },
        {
          number: 41,
          title: "Retry uploads less",
          body: "A fix.",
          pullRequest: true,
        },
        {
          number: 7,
          title: "Retries",
          body: "Elsewhere.",
          repository: "other/repo",
        },
        { number: 3, title: "Slow upload", body: "" },
      ]),
    });

    const hits = await search()({
      words: ["upload", "retries"],
      excludeNumber: 40,
    });

    expect(hits).toStrictEqual([
      {
        number: 12,
        title: "Upload retries forever",
        body: "It never stops.",
        state: "closed",
      },
      { number: 3, title: "Slow upload", body: "", state: "open" },
    ]);
    expect(scope.pendingMocks()).toStrictEqual([]);
  });

  it("throws a rate limit it would have to wait out past its deadline, without waiting", async () => {
    const reset = Math.floor(Date.now() / 1000) + 60;
    const scope = nockSearchIssues(nock(GITHUB_API), {
      q: Q,
      status: 403,
      body: githubFixture("errors/primary-rate-limit.json"),
      headers: {
        "x-ratelimit-remaining": "0",
        "x-ratelimit-reset": String(reset),
      },
    });

    await expect(
      search()({
        words: ["upload", "retries"],
        excludeNumber: 40,
        deadline: createDeadline(createFakeClock(), 10_000),
      }),
    ).rejects.toMatchObject({ status: 403 });
    expect(scope.pendingMocks()).toStrictEqual([]);
  });

  it("sends nothing for no words, and refuses a word the search syntax would read as more than a word", async () => {
    expect(await search()({ words: [], excludeNumber: 1 })).toStrictEqual([]);
    await expect(
      search()({ words: ["upload", "is:pr"], excludeNumber: 1 }),
    ).rejects.toThrow(
      'issue search words are letters, digits and _ only; received "is:pr"',
    );
  });

  it("asks for as many words as GitHub's query limits take: six, within 256 characters", async () => {
    const long = "a".repeat(100);
    const scope = nockSearchIssues(nock(GITHUB_API), {
      q: `repo:octo-org/hello-world is:issue upload OR ${long} OR retries`,
      body: issueSearchPage("octo-org/hello-world", []),
    })
      .get("/search/issues")
      .query({
        q: "repo:octo-org/hello-world is:issue w1 OR w2 OR w3 OR w4 OR w5 OR w6",
        per_page: "30",
      })
      .reply(200, issueSearchPage("octo-org/hello-world", []));

    await search()({
      words: ["upload", long, "retries", long, "never"],
      excludeNumber: 40,
    });
    await search()({
      words: ["w1", "w2", "w3", "w4", "w5", "w6", "w7"],
      excludeNumber: 40,
    });

    expect(scope.pendingMocks()).toStrictEqual([]);
  });
});
