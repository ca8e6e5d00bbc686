import type { ThreadComment } from "../../../src/question/issue-thread.js";
import {
  askTagged,
  useTaggedRepository,
} from "../../helpers/tagged-repository.js";

const repository = useTaggedRepository();

/** "@askcode retry" (as the trigger passes it: the words beside the mention) in a thread. */
const retry = (
  question: string,
  thread: { title: string; body: string; comments: ThreadComment[] },
) => askTagged(repository(), question, { appSlug: "askcode", ...thread });

const person = (author: string, body: string): ThreadComment => ({
  author,
  association: "MEMBER",
  body,
});

describe("@askcode retry", () => {
  it("runs the thread's previous question again, the ref it named included", async () => {
    const { outcome, body, resolved } = await retry("Retry!", {
      title: "Uploads retry",
      body: "How many times do uploads retry?",
      comments: [
        person("alice", "@askcode on v2.1 where does the retry give up?"),
        person("bob", "Thanks @askcode!"),
        // Another bot's mention asks nothing of askcode.
        person("helper[bot]", "@askcode where is the README?"),
        // An earlier retry re-ran the question before it.
        person("carol", "@askcode retry"),
      ],
    });

    expect(outcome).toStrictEqual({ kind: "answered" });
    expect(resolved).toStrictEqual(["v2.1"]);
    expect(body).toContain("MAX_ATTEMPTS = 3");
    expect(body).toContain(
      `read \`v2.1\` at [${repository().tagged.slice(0, 7)}]`,
    );
  });

  it("asks the issue again when the issue was what asked", async () => {
    const { outcome, resolved } = await retry("retry", {
      title: "On v2.1, where does the retry give up? @askcode",
      body: "",
      comments: [person("alice", "Same question here.")],
    });

    expect(outcome).toStrictEqual({ kind: "answered" });
    expect(resolved).toStrictEqual(["v2.1"]);
  });

  it("says so, in one reply, when nothing was asked of askcode before", async () => {
    const { outcome, body, resolved } = await retry("retry.", {
      title: "Uploads retry",
      body: "How many times do uploads retry?",
      comments: [person("alice", "@someone-else where is the timeout?")],
    });

    expect(outcome).toStrictEqual({
      kind: "failed",
      reason: "nothing-to-retry",
    });
    expect(resolved).toStrictEqual([]);
    expect(body).toContain("askcode did not start on this question.");
    expect(body).toContain(
      "`retry` runs the previous question asked of askcode in this issue again, and nothing was asked of it here before.",
    );
    expect(body).not.toContain("MAX_ATTEMPTS");
  });
});
