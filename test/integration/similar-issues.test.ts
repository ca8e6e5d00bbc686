import nock from "nock";
import {
  issueSearchPage,
  nockSearchIssues,
  type IssueSearchItemSpec,
} from "../helpers/nock-search-issues.js";
import { githubFixture } from "../helpers/nock-github.js";
import {
  nockAppAuth,
  nockConfig,
  nockNoConfig,
  nockRepository,
  OWNER,
  REPO,
  startAskcode,
  UPLOAD_REPOSITORY,
  webhookPayload,
} from "./probot-harness.js";

// The opening post of issues.opened.mention: "Spelling error in the README
// file", "@askcode is the misspelling in the README also in the docs folder?"
// Its strongest words, the mention left out.
const Q = `repo:${OWNER}/${REPO} is:issue readme OR spelling OR docs OR folder OR misspelling`;

const SAME_MISSPELLING: IssueSearchItemSpec = {
  number: 12,
  title: "Misspelling in the README and the docs folder",
  body: "README.md spells 'commit' with two t's, and the docs folder has the same misspelling.",
  state: "closed",
};
const SAME_SPELLING_ERROR: IssueSearchItemSpec = {
  number: 9,
  title: "Spelling error in the README file",
  body: "Is the misspelling in the README also in the docs folder? The README spells 'commit' with two t's.",
};
const ABOUT_UPLOADS: IssueSearchItemSpec = {
  number: 30,
  title: "Upload retries forever",
  body: "should_give_up never returns True on a 500, see the README.",
};
const A_PULL_REQUEST: IssueSearchItemSpec = {
  number: 41,
  title: "Fix the spelling error in the README file and the docs folder",
  body: "Fixes the misspelling of commit in the README and the docs folder.",
  pullRequest: true,
};

async function answer(
  event: { name: "issues" | "issue_comment"; payload: string },
  search: (scope: nock.Scope) => nock.Scope,
  config?: string,
) {
  nockAppAuth();
  if (config === undefined) nockNoConfig();
  else nockConfig(config);
  const github = await nockRepository(UPLOAD_REPOSITORY);
  const searched = search(nock("https://api.github.com"));
  const app = await startAskcode();
  const payload = webhookPayload(event.payload);
  // The issues example was recorded without an installation; an installed app's deliveries carry one.
  payload.installation ??= {
    id: 1,
    node_id: "MDIzOkludGVncmF0aW9uSW5zdGFsbGF0aW9uMQ==",
  };
  await app.probot.receive({
    id: "delivery-similar",
    name: event.name,
    payload,
  } as Parameters<typeof app.probot.receive>[0]);
  await app.idle();
  await app.close();
  return { answer: github.edits.at(-1)!, searched };
}

const OPENED = { name: "issues", payload: "issues.opened.mention" } as const;

describe("similar earlier issues, on a real webhook delivery", () => {
  afterEach(() => nock.cleanAll());

  it("an answer to an issue's opening post names the two earlier issues most like it, with their state, and no pull request", async () => {
    const { answer: body, searched } = await answer(OPENED, (scope) =>
      nockSearchIssues(scope, {
        q: Q,
        body: issueSearchPage(`${OWNER}/${REPO}`, [
          A_PULL_REQUEST,
          ABOUT_UPLOADS,
          SAME_SPELLING_ERROR,
          SAME_MISSPELLING,
        ]),
      }),
    );

    expect(body).toContain(
      "**Similar earlier issues**: #9 (open) Spelling error in the README file; #12 (closed) Misspelling in the README and the docs folder.",
    );
    expect(body.indexOf("**Similar earlier issues**")).toBeLessThan(
      body.indexOf("<details>"),
    );
    expect(searched.pendingMocks()).toStrictEqual([]);
  });

  it("names none of the issues search found when none is alike enough", async () => {
    const { answer: body, searched } = await answer(OPENED, (scope) =>
      nockSearchIssues(scope, {
        q: Q,
        body: issueSearchPage(`${OWNER}/${REPO}`, [ABOUT_UPLOADS]),
      }),
    );

    expect(body).toContain("src/upload.py");
    expect(body).not.toContain("Similar earlier issues");
    expect(searched.pendingMocks()).toStrictEqual([]);
  });

  it("does not search for a question asked in a comment: it is about its thread, not a new problem", async () => {
    const { answer: body, searched } = await answer(
      { name: "issue_comment", payload: "issue_comment.created.mention" },
      (scope) =>
        nockSearchIssues(scope, {
          q: Q,
          body: issueSearchPage(`${OWNER}/${REPO}`, [SAME_MISSPELLING]),
        }),
    );

    expect(body).toContain("src/upload.py");
    expect(body).not.toContain("Similar earlier issues");
    expect(searched.pendingMocks()).toHaveLength(1);
  });

  it("answers without the line when the search is rate-limited, waiting for no reset", async () => {
    const { answer: body, searched } = await answer(OPENED, (scope) =>
      nockSearchIssues(scope, {
        q: Q,
        status: 403,
        body: githubFixture("errors/primary-rate-limit.json"),
        headers: {
          "x-ratelimit-remaining": "0",
          "x-ratelimit-reset": String(Math.floor(Date.now() / 1000) + 60),
        },
      }),
    );

    expect(body).toContain("src/upload.py");
    expect(body).not.toContain("Similar earlier issues");
    expect(searched.pendingMocks()).toStrictEqual([]);
  });

  it("answers without the line when GitHub refuses the search", async () => {
    const { answer: body, searched } = await answer(OPENED, (scope) =>
      nockSearchIssues(scope, {
        q: Q,
        status: 422,
        body: {
          message: "Validation Failed",
          errors: [
            {
              message:
                "The listed users and repositories cannot be searched either because the resources do not exist or you do not have permission to view them.",
              resource: "Search",
              field: "q",
              code: "invalid",
            },
          ],
          documentation_url: "https://docs.github.com/v3/search/",
          status: "422",
        },
      }),
    );

    expect(body).toContain("src/upload.py");
    expect(body).not.toContain("Similar earlier issues");
    expect(searched.pendingMocks()).toStrictEqual([]);
  });

  it("does not search when the repository turned it off", async () => {
    const { answer: body, searched } = await answer(
      OPENED,
      (scope) =>
        nockSearchIssues(scope, {
          q: Q,
          body: issueSearchPage(`${OWNER}/${REPO}`, [SAME_MISSPELLING]),
        }),
      "answers:\n  link_similar_issues: false\n",
    );

    expect(body).toContain("src/upload.py");
    expect(body).not.toContain("Similar earlier issues");
    expect(searched.pendingMocks()).toHaveLength(1);
  });

  it("an answer nobody asked for on a new issue names them too, searched once: the confidence gate does not search", async () => {
    nockAppAuth();
    nockConfig("unasked:\n  issues: all\n  min_confidence: 0.05\n");
    const github = await nockRepository(UPLOAD_REPOSITORY);
    const searched = nockSearchIssues(nock("https://api.github.com"), {
      q: `repo:${OWNER}/${REPO} is:issue should_give_up OR upload OR retries OR stop OR retry OR early`,
      body: issueSearchPage(`${OWNER}/${REPO}`, [
        {
          number: 12,
          title: "should_give_up stops the upload retries too early",
          body: "The retry logic in upload gives up after a single 500.",
          state: "closed",
        },
      ]),
    });
    const app = await startAskcode();
    // The example's new issue, without a mention, as an installed app receives it.
    const payload = webhookPayload("issues.opened");
    payload.installation = webhookPayload("issue_comment.created").installation;
    payload.issue.title = "When does should_give_up stop the upload retries?";
    payload.issue.body = "The retry logic in upload gives up too early for us.";

    await app.probot.receive({
      id: "delivery-unasked",
      name: "issues",
      payload,
    });
    await app.idle();
    await app.close();

    const body = github.edits.at(-1)!;
    expect(body.split("\n")[0]).toBe("<!-- askcode:unasked -->");
    expect(body).toContain(
      "**Similar earlier issues**: #12 (closed) should\\_give\\_up stops the upload retries too early.",
    );
    expect(searched.pendingMocks()).toStrictEqual([]);
  });
});
