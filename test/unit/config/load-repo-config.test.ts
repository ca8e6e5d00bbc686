import { readFileSync } from "node:fs";
import nock from "nock";
import { Context, ProbotOctokit } from "probot";
import { loadRepoConfig } from "../../../src/config/load-repo-config.js";

// The real Probot path: Context.config → @probot/octokit-plugin-config →
// GET /repos/{owner}/{repo}/contents/.github%2Faskcode.yml, served by nock.
const payload = JSON.parse(
  readFileSync(
    new URL(
      "../../fixtures/webhooks/issue_comment.created.mention.json",
      import.meta.url,
    ),
    "utf8",
  ),
);
const REPO_FILE =
  "/repos/Codertocat/Hello-World/contents/.github%2Faskcode.yml";
const ORG_FILE = "/repos/Codertocat/.github/contents/.github%2Faskcode.yml";

function createContext(): Context<"issue_comment"> {
  const octokit = new ProbotOctokit({
    auth: { token: "ghs_test" },
    throttle: { enabled: false },
    retry: { enabled: false },
  });
  const log = {
    debug() {},
    info() {},
    warn() {},
    error() {},
    trace() {},
    fatal() {},
    child: () => log,
  };
  return new Context(
    { id: "delivery-1", name: "issue_comment", payload },
    octokit as never,
    log as never,
  );
}

describe("loadRepoConfig", () => {
  it("gives the defaults when neither the repository nor the org has a file", async () => {
    const scope = nock("https://api.github.com")
      .get(REPO_FILE)
      .reply(404, { message: "Not Found" })
      .get(ORG_FILE)
      .reply(404, { message: "Not Found" });
    const { config, problems } = await loadRepoConfig(createContext());
    expect(config.max_steps).toBe(8);
    expect(problems).toStrictEqual([]);
    expect(scope.pendingMocks()).toStrictEqual([]);
  });

  it("uses the org's .github defaults when the repository has no file", async () => {
    const scope = nock("https://api.github.com")
      .get(REPO_FILE)
      .reply(404, { message: "Not Found" })
      .get(ORG_FILE)
      .reply(200, "trigger: members\nmax_steps: 4\n");
    const { config } = await loadRepoConfig(createContext());
    expect(config.allowed_associations).toStrictEqual([
      "OWNER",
      "MEMBER",
      "COLLABORATOR",
    ]);
    expect(config.max_steps).toBe(4);
    expect(scope.pendingMocks()).toStrictEqual([]);
  });

  it("lets a repository's list replace the list it extends, not add to it", async () => {
    // deepmerge's default would give [NONE, CONTRIBUTOR, OWNER]: the org's
    // list plus the repository's, widening who may ask.
    const scope = nock("https://api.github.com")
      .get(REPO_FILE)
      .reply(200, "_extends: .github\nallowed_associations: [OWNER]\n")
      .get(ORG_FILE)
      .reply(200, "allowed_associations: [NONE, CONTRIBUTOR]\nmax_steps: 3\n");
    const { config, problems } = await loadRepoConfig(createContext());
    expect(config.allowed_associations).toStrictEqual(["OWNER"]);
    expect(config.max_steps).toBe(3);
    expect(problems).toStrictEqual([]);
    expect(scope.pendingMocks()).toStrictEqual([]);
  });

  it("reports a file that is not YAML, with the line, and answers with the defaults", async () => {
    const scope = nock("https://api.github.com")
      .get(REPO_FILE)
      .reply(200, "budgets: [12000\nmax_steps: 4\n");
    const { config, problems } = await loadRepoConfig(createContext());
    expect(config.max_steps).toBe(8);
    expect(problems).toStrictEqual([
      {
        key: "",
        message:
          "is not valid YAML: Flow sequence in block collection must be sufficiently indented and end with a ] at line 2, column 1",
        outcome: "used-default",
      },
    ]);
    expect(scope.pendingMocks()).toStrictEqual([]);
  });

  it("reports an `_extends` that names no repository", async () => {
    nock("https://api.github.com")
      .get(REPO_FILE)
      .reply(200, "_extends: 'not a repo!'\n");
    const { problems } = await loadRepoConfig(createContext());
    expect(problems).toStrictEqual([
      {
        key: "",
        message: `could not be read: Invalid value "not a repo!" for _extends in https://api.github.com${REPO_FILE}`,
        outcome: "used-default",
      },
    ]);
  });

  it("passes the known mission names on, to check missions.enabled", async () => {
    nock("https://api.github.com")
      .get(REPO_FILE)
      .reply(200, "missions:\n  enabled: [triage]\n");
    const { problems } = await loadRepoConfig(createContext(), {
      missionNames: ["bug_triage"],
    });
    expect(problems.map((p) => [p.key, p.received])).toStrictEqual([
      ["missions.enabled", "triage"],
    ]);
  });

  it("throws what GitHub throws: an outage is not a configuration problem", async () => {
    nock("https://api.github.com")
      .get(REPO_FILE)
      .reply(500, { message: "Server Error" });
    await expect(loadRepoConfig(createContext())).rejects.toMatchObject({
      status: 500,
    });
  });
});
