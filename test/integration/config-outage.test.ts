import nock from "nock";
import { createFakeClock } from "../helpers/fake-clock.js";
import {
  deliverSigned,
  nockAppAuth,
  nockRepository,
  startAskcode,
  UPLOAD_REPOSITORY,
  webhookPayload,
} from "./probot-harness.js";

const CONFIG_PATH =
  "/repos/Codertocat/Hello-World/contents/.github%2Faskcode.yml";

describe("a delivery while GitHub fails to serve the repository's config", () => {
  it("is acknowledged without a request to GitHub, then answered with the defaults and a note, after 👀", async () => {
    const auth = nockAppAuth();
    // The read of the config gets GitHub's 502 page (the harness turns
    // Octokit's retries off; in production they ask three times more).
    const config = nock("https://api.github.com")
      .get(CONFIG_PATH)
      .reply(502, { message: "Server Error" });
    const github = await nockRepository(UPLOAD_REPOSITORY);
    const clock = createFakeClock();
    const { probot, idle } = await startAskcode({}, { clock });

    await deliverSigned(probot, {
      id: "delivery-outage",
      name: "issue_comment",
      payload: webhookPayload("issue_comment.created.mention"),
    });
    // The delivery is answered: nothing was asked of GitHub yet.
    expect(config.pendingMocks()).toHaveLength(1);
    expect(github.reactions).toStrictEqual([]);

    await idle();
    expect(config.pendingMocks()).toStrictEqual([]);
    // No wait of askcode's own on top of Octokit's retries.
    expect(clock.sleeps).toStrictEqual([]);
    expect(github.reactions).toStrictEqual([
      "/repos/Codertocat/Hello-World/issues/comments/492700400/reactions eyes",
    ]);
    expect(github.posted).toHaveLength(1);
    const answer = github.edits.at(-1)!;
    expect(answer).toMatch(
      /^\*\*`\.github\/askcode\.yml` has a problem\.\*\* askcode used its default settings\.\n\n- The file could not be read \(GitHub answered 502, also when asked again\)\./,
    );
    expect(answer).toContain("should_give_up");
    auth.persist(false);
  });
});

describe("a delivery whose payload has no sender", () => {
  it("is ignored, and the delivery succeeds", async () => {
    const auth = nockAppAuth();
    const { probot, idle } = await startAskcode();
    const payload = webhookPayload("issue_comment.created.mention");
    delete payload.sender;
    // No interceptor for the config, reactions or comments: any request would fail.
    await expect(
      deliverSigned(probot, {
        id: "delivery-no-sender",
        name: "issue_comment",
        payload,
      }),
    ).resolves.toBeUndefined();
    await idle();
    auth.persist(false);
  });
});
