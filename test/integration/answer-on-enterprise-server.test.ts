import nock from "nock";
import {
  deliverSigned,
  GHES_ON_LOOPBACK,
  GITHUB_COM,
  nockAppAuth,
  nockNoConfig,
  nockRepository,
  OWNER,
  permalinks,
  REPO,
  SHA,
  startAskcode,
  UPLOAD_REPOSITORY,
  webhookPayload,
} from "./probot-harness.js";

const HOST = GHES_ON_LOOPBACK;
/** Answers, and records, anything sent to github.com's API or web host: nothing should be. */
function recordGitHubCom(): string[] {
  const seen: string[] = [];
  for (const origin of [GITHUB_COM.api, GITHUB_COM.web, GITHUB_COM.codeload]) {
    const scope = nock(origin).persist();
    const record = (method: string) =>
      function (this: unknown, uri: string) {
        seen.push(`${method} ${origin}${uri}`);
        return { message: "askcode asked github.com" };
      };
    scope.get(() => true).reply(500, record("GET"));
    scope.post(() => true).reply(500, record("POST"));
    scope.patch(() => true).reply(500, record("PATCH"));
  }
  return seen;
}

describe("askcode on GitHub Enterprise Server (Probot's baseUrl http://127.0.0.1:8443/api/v3)", () => {
  it("acknowledges, reads the code and answers through that API, with links to its web host, and sends nothing to github.com", async () => {
    const toGitHubCom = recordGitHubCom();
    const auth = nockAppAuth(HOST);
    const config = nockNoConfig(HOST);
    const github = await nockRepository(UPLOAD_REPOSITORY, HOST);
    const { probot, idle } = await startAskcode({}, { host: HOST });

    await deliverSigned(probot, {
      id: "delivery-ghes-1",
      name: "issue_comment",
      payload: webhookPayload("issue_comment.created.mention", HOST),
    });
    await idle();

    expect(github.reactions).toStrictEqual([
      "/api/v3/repos/Codertocat/Hello-World/issues/comments/492700400/reactions eyes",
    ]);
    expect(github.posted).toHaveLength(1);
    const answer = github.edits.at(-1)!;
    expect(answer).toContain("should_give_up");
    const links = permalinks(answer, HOST.web);
    expect(links.length).toBeGreaterThan(0);
    expect(links[0]!.path).toBe("src/upload.py");
    expect(answer).toContain(`${HOST.web}/${OWNER}/${REPO}/commit/${SHA}`);
    expect(answer).not.toContain("https://github.com/");
    // Every code read was served by the GHES API (the tarball via its codeload, without the token).
    expect(
      github.scope.pendingMocks().filter((m) => !m.includes("PATCH")),
    ).toStrictEqual([]);
    expect(github.codeload.isDone()).toBe(true);
    expect(config.pendingMocks()).toStrictEqual([]);
    expect(toGitHubCom).toStrictEqual([]);
    auth.persist(false);
  });
});
