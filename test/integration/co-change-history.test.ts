import nock from "nock";
import type { QuestionJob } from "../../src/question/question-job.js";
import {
  commitFile,
  nockGetCommit,
  nockListCommits,
} from "../helpers/nock-commits.js";
import { fillerModules } from "../helpers/filler-modules.js";
import {
  chatCompletion,
  MODEL_ENV,
  nockAppAuth,
  nockNoConfig,
  nockRepository,
  pushPayload,
  OWNER,
  REPO,
  REPOSITORY_ID,
  SHA,
  startAskcode,
  UPLOAD_PY,
  webhookPayload,
} from "./probot-harness.js";

// Larger than the context's budget, so packing ranks and picks: the
// change log matches nothing the question says.
const FILLER = fillerModules(30);
const FILES = {
  ...FILLER,
  "src/upload.py": UPLOAD_PY,
  "CHANGES.md":
    "# Changes\n\n## 2.1\n\n- Faster start.\n\n## 2.0\n\n- First stable release.\n",
};

// The default branch's commits before the question's (SHA), oldest first.
const EARLIER = Array.from({ length: 12 }, (_, i) =>
  (i + 1).toString(16).padStart(40, "a"),
);

/** The fixture's mention, asking after the upload's retries by name. */
function question() {
  const payload = webhookPayload("issue_comment.created.mention");
  payload.comment.body =
    "@askcode when does should_give_up stop the upload after MAX_ATTEMPTS?"; // changed
  return payload;
}

/** The model, once: it records what it was shown and answers citing the retry logic. */
function nockModelSeeing(
  requests: Array<{ messages: Array<{ content: string | null }> }>,
) {
  return nock("http://llm.test")
    .post("/v1/chat/completions")
    .reply(200, (_uri, body) => {
      requests.push(body as (typeof requests)[number]);
      return chatCompletion({
        content:
          "It gives up in `should_give_up` at `src/upload.py#L3-L6`, after `MAX_ATTEMPTS` or on a 4xx.",
      });
    });
}

describe("the co-change tier in the App", () => {
  it("packs the change log the default branch's pushes changed with the code shown, and says so", async () => {
    const auth = nockAppAuth();
    nockNoConfig();
    const github = await nockRepository(FILES);
    const requests: Array<{ messages: Array<{ content: string | null }> }> = [];
    const llm = nockModelSeeing(requests);
    const { probot, idle, pushesChecked, close } = await startAskcode({
      ...MODEL_ENV,
      // Pushes alone: no first fill.
      ASKCODE_HISTORY_FILL_REQUESTS: "0",
    });
    // Twelve pushes, each changing the retry logic and the change log, the
    // last one to the commit the question reads; one of them delivered twice.
    const shas = [...EARLIER, SHA];
    for (const [index, after] of shas.entries()) {
      const before = index === 0 ? "f".repeat(40) : shas[index - 1]!;
      await probot.receive({
        id: `push-${index}`,
        name: "push",
        payload: pushPayload(before, after, ["src/upload.py", "CHANGES.md"]),
      });
    }
    await probot.receive({
      id: "push-3-again",
      name: "push",
      payload: pushPayload(shas[2]!, shas[3]!, ["src/upload.py", "CHANGES.md"]),
    });
    await pushesChecked();

    await probot.receive({
      id: "delivery-1",
      name: "issue_comment",
      payload: question(),
    });
    await idle();

    const shown = requests[0]!.messages.map((m) => m.content ?? "").join("\n");
    expect(shown).toContain(
      "From the repository's history: CHANGES.md, changed with src/upload.py in 13 of the last 13 commits.",
    );
    expect(shown).toContain("First stable release.");
    // The answer's "Context used" lists the change log and says why it was read.
    const answer = github.edits.at(-1)!;
    expect(answer).toContain(
      `From the repository's history: [\`CHANGES.md\`](https://github.com/Codertocat/Hello-World/blob/${SHA}/CHANGES.md), changed with src/upload.py in 13 of the last 13 commits.`,
    );
    expect(llm.isDone()).toBe(true);
    auth.persist(false);
    await close();
  });
});

describe("the App's first fill of a repository's history", () => {
  it("reads the commits back from the question's after the answer, within its request budget, for the next questions", async () => {
    const auth = nockAppAuth();
    nockNoConfig();
    const github = await nockRepository(FILES);
    const { probot, idle, coChange, close } = await startAskcode({
      ASKCODE_HISTORY_FILL_REQUESTS: "20",
    });
    // GitHub's answers, in its REST shapes: the commits back from SHA (13,
    // fewer than the 20 asked for: the repository's first is among them),
    // then each commit's files.
    const shas = [SHA, ...[...EARLIER].reverse()];
    const fill = nockListCommits({
      owner: OWNER,
      repo: REPO,
      from: SHA,
      perPage: 20,
      shas,
    });
    for (const sha of shas)
      nockGetCommit(
        {
          owner: OWNER,
          repo: REPO,
          sha,
          perPage: 31,
          files: [commitFile("src/upload.py"), commitFile("CHANGES.md")],
        },
        fill,
      );

    await probot.receive({
      id: "delivery-1",
      name: "issue_comment",
      payload: question(),
    });
    await idle();
    // Answered with no history kept yet: the tier had nothing to read.
    expect(github.edits.at(-1)).not.toContain("From the repository's history");
    await coChange().idle();

    expect(fill.pendingMocks()).toStrictEqual([]);
    const history = await coChange().at(
      { repositoryId: REPOSITORY_ID } as QuestionJob,
      SHA,
    );
    expect(history?.commits).toHaveLength(13);
    expect(history?.commits[0]).toStrictEqual(["src/upload.py", "CHANGES.md"]);
    auth.persist(false);
    await close();
  });
});
