import type { ThreadComment } from "../../../src/agent/issue-thread.js";
import {
  createLocalCodeHost,
  type LocalCodeHost,
} from "../../../src/code-host/local/local-code-host.js";
import type { IssueComments } from "../../../src/run/issue-comments.js";
import { runQuestion } from "../../../src/run/run-question.js";
import { createFakeClock } from "../../helpers/fake-clock.js";
import { questionJob } from "../../helpers/question-job.js";
import { retrievalRunDeps } from "../../helpers/retrieval-run-deps.js";
import {
  commitAll,
  git,
  initRepo,
  removeDir,
  writeFiles,
} from "../../helpers/temp-repo.js";

const PAGE = "https://github.com/octo-org/hello-world";
const retryPy = (attempts: number) =>
  `MAX_ATTEMPTS = ${attempts}\n\ndef should_give_up(attempt, status):\n    return attempt >= MAX_ATTEMPTS\n`;

// A repository whose tag v2.1 gives up after 3 attempts and whose main after 5:
// which commit is read shows which question ran.
let root: string;
let tagged: string;
let host: LocalCodeHost;

beforeAll(() => {
  root = initRepo();
  writeFiles(root, { "src/retry.py": retryPy(3) });
  tagged = commitAll(root, "retry three times");
  git(root, "tag", "-a", "v2.1", "-m", "release 2.1");
  writeFiles(root, { "src/retry.py": retryPy(5) });
  commitAll(root, "retry five times");
});

beforeEach(() => {
  host = createLocalCodeHost({ root });
});

afterEach(() => host.close());

afterAll(() => removeDir(root));

/** "@askcode retry" (as the trigger passes it: the words beside the mention) in a thread. */
async function retry(
  question: string,
  thread: { title: string; body: string; comments: ThreadComment[] },
) {
  const bodies: string[] = [];
  const resolved: Array<string | undefined> = [];
  const comments: IssueComments = {
    create: async (body) => (bodies.push(body), 41),
    update: async (_id, body) => void bodies.push(body),
    thread: async () => ({
      number: 1,
      author: { login: "octocat", association: "OWNER" },
      appSlug: "askcode",
      ...thread,
    }),
  };
  const outcome = await runQuestion(
    questionJob({ htmlUrl: PAGE, task: { kind: "question", question } }),
    retrievalRunDeps({
      clientsFor: async () => ({
        comments,
        codeHost: {
          label: host.label,
          resolveRef: (ref, options) => (
            resolved.push(ref),
            host.resolveRef(ref, options)
          ),
          at: (sha, options) => host.at(sha, options),
        },
      }),
      clock: createFakeClock(),
    }),
  );
  return { outcome, body: bodies.at(-1) ?? "", resolved };
}

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
    expect(body).toContain(`read \`v2.1\` at [${tagged.slice(0, 7)}]`);
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
