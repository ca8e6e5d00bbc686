import { noPullRequests } from "../../helpers/no-pull-requests.js";
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

/**
 * A git repository whose tag `v2.1` (annotated) gives up after 3 attempts
 * and whose `main`, one commit later, after 5.
 */
let root: string;
let tagged: string;
let head: string;
let host: LocalCodeHost;

beforeAll(() => {
  root = initRepo();
  writeFiles(root, { "src/retry.py": retryPy(3) });
  tagged = commitAll(root, "retry three times");
  git(root, "tag", "-a", "v2.1", "-m", "release 2.1");
  writeFiles(root, { "src/retry.py": retryPy(5) });
  head = commitAll(root, "retry five times");
});

beforeEach(() => {
  host = createLocalCodeHost({ root });
});

afterEach(() => host.close());

afterAll(() => removeDir(root));

/** One question answered from retrieval alone: the outcome and the comment's last body. */
async function ask(question: string) {
  const bodies: string[] = [];
  const resolved: Array<string | undefined> = [];
  const comments: IssueComments = {
    create: async (body) => (bodies.push(body), 41),
    update: async (_id, body) => void bodies.push(body),
    thread: async () => ({
      number: 1,
      title: "Retries",
      body: "How many times do uploads retry?",
      author: { login: "octocat", association: "OWNER" },
      comments: [],
    }),
  };
  const clock = createFakeClock();
  const outcome = await runQuestion(
    questionJob({ htmlUrl: PAGE, task: { kind: "question", question } }),
    retrievalRunDeps({
      clientsFor: async () => ({
        pullRequests: noPullRequests,
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
      clock,
    }),
  );
  return { outcome, body: bodies.at(-1) ?? "", resolved };
}

describe("runQuestion with a question that names a ref", () => {
  it("reads the tag's commit, not the default branch, and the footer names both", async () => {
    const { outcome, body, resolved } = await ask(
      "on v2.1 where does the retry give up?",
    );

    expect(outcome).toStrictEqual({ kind: "answered" });
    expect(resolved).toStrictEqual(["v2.1"]);
    expect(body).toContain("MAX_ATTEMPTS = 3");
    expect(body).not.toContain("MAX_ATTEMPTS = 5");
    expect(body).toContain(`${PAGE}/blob/${tagged}/src/retry.py#L`);
    expect(body).toContain(
      `read \`v2.1\` at [${tagged.slice(0, 7)}](${PAGE}/commit/${tagged})</sub>`,
    );
  });

  it("reads the commit a link in the question points at", async () => {
    const { outcome, body } = await ask(
      `why does ${PAGE}/blob/${tagged}/src/retry.py#L1 give up at MAX_ATTEMPTS?`,
    );

    expect(outcome).toStrictEqual({ kind: "answered" });
    expect(body).toContain("MAX_ATTEMPTS = 3");
    expect(body).toContain(`read \`${tagged}\` at [${tagged.slice(0, 7)}]`);
  });

  it("reads the default branch's head when the question names no ref, and says only the commit", async () => {
    const { outcome, body, resolved } = await ask(
      "on Windows, where does the retry give up?",
    );

    expect(outcome).toStrictEqual({ kind: "answered" });
    expect(resolved).toStrictEqual([undefined]);
    expect(body).toContain("MAX_ATTEMPTS = 5");
    expect(body).toContain(
      `read at [${head.slice(0, 7)}](${PAGE}/commit/${head})</sub>`,
    );
  });

  it("says an unknown ref is not in the repository and answers nothing, from no other branch", async () => {
    const { outcome, body } = await ask(
      "on v9.9 where does the retry give up?",
    );

    expect(outcome).toStrictEqual({ kind: "failed", reason: "ref-not-found" });
    expect(body).toContain("askcode did not start on this question.");
    expect(body).toContain(
      "This repository has no branch, tag or commit named `v9.9`, so nothing was read and nothing was answered.",
    );
    expect(body).not.toContain("MAX_ATTEMPTS");
    expect(body).not.toContain(head.slice(0, 7));
  });
});
