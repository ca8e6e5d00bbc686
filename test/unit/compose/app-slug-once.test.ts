import { readFileSync } from "node:fs";
import nock from "nock";
import { ProbotOctokit } from "probot";
import { appSlugOnce } from "../../../src/compose/app-slug-once.js";

// `GET /app` as GitHub answers it: the same App object a webhook carries as
// `performed_via_github_app` (@octokit/webhooks-examples, a workflow_job
// deployment), so the test reads the slug from the shape GitHub sends.
// https://docs.github.com/en/rest/apps/apps#get-the-authenticated-app
const examples = JSON.parse(
  readFileSync(
    new URL(
      "../../../node_modules/@octokit/webhooks-examples/api.github.com/index.json",
      import.meta.url,
    ),
    "utf8",
  ),
) as Array<{ name: string; examples: Array<Record<string, any>> }>;
const GITHUB_APP = examples
  .find((event) => event.name === "workflow_job")!
  .examples.map((example) => example.deployment?.performed_via_github_app)
  .find((app) => app?.slug) as { slug: string };

// What Probot's `app.auth()` hands back: its Octokit as the app, retries off
// so a 500 is answered once.
const app = {
  auth: async () =>
    new ProbotOctokit({
      auth: { token: "app-jwt" },
      retry: { enabled: false },
      throttle: { enabled: false },
    }),
};

describe("appSlugOnce", () => {
  it("reads the app's slug with GET /app once, however many jobs ask", async () => {
    const github = nock("https://api.github.com")
      .get("/app")
      .once()
      .reply(200, GITHUB_APP);
    const appSlug = appSlugOnce(app);

    const slugs = await Promise.all([appSlug(), appSlug()]);
    expect([...slugs, await appSlug()]).toStrictEqual([
      GITHUB_APP.slug,
      GITHUB_APP.slug,
      GITHUB_APP.slug,
    ]);
    expect(github.pendingMocks()).toStrictEqual([]);
  });

  it("forgets a failed read, so the next job asks GitHub again", async () => {
    const github = nock("https://api.github.com")
      .get("/app")
      .reply(500, { message: "Server Error" })
      .get("/app")
      .reply(200, GITHUB_APP);
    const appSlug = appSlugOnce(app);

    await expect(appSlug()).rejects.toMatchObject({ status: 500 });
    expect(await appSlug()).toBe(GITHUB_APP.slug);
    expect(await appSlug()).toBe(GITHUB_APP.slug);
    expect(github.pendingMocks()).toStrictEqual([]);
  });
});
