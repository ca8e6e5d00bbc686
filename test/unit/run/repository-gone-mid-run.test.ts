import { RequestError } from "@octokit/request-error";
import { testConversation } from "../../helpers/test-conversation.js";
import type { CodeReader } from "../../../src/code-host/code-host.js";
import { createFileSetReader } from "../../../src/code-host/file-set/file-set-reader.js";
import { runQuestion } from "../../../src/run/run-question.js";
import { RefNotFoundError } from "../../../src/shared/errors.js";
import { createFakeClock } from "../../helpers/fake-clock.js";
import { createMemoryFileSource } from "../../helpers/memory-file-source.js";
import { questionJob } from "../../helpers/question-job.js";
import { recordingComments } from "../../helpers/recording-comments.js";
import { retrievalRunDeps } from "../../helpers/retrieval-run-deps.js";

const SHA = "6dcb09b5b57875f334f61aebed695e2e4193db5e";
const API = "https://api.github.com/repos/octo-org/hello-world";
const FILES = {
  "src/retry.py":
    "MAX_ATTEMPTS = 5\n\ndef should_give_up(attempt, status):\n    return attempt >= MAX_ATTEMPTS or 400 <= status < 500\n",
  "src/upload.py":
    "from retry import should_give_up\n\ndef upload(chunk):\n    attempt = 0\n    while not should_give_up(attempt, 500):\n        attempt += 1\n",
  "README.md": "# uploader\n\nUploads files and retries on failure.\n",
};

// GitHub's 404 for the commit's tree once the repository is gone.
const treeGone = () =>
  new RefNotFoundError(SHA, {
    cause: new RequestError("Not Found", 404, {
      request: {
        method: "GET",
        url: `${API}/git/trees/${SHA}?recursive=1`,
        headers: {},
      },
      response: {
        status: 404,
        url: `${API}/git/trees/${SHA}?recursive=1`,
        headers: {},
        data: { message: "Not Found", status: "404" },
      },
    }),
  });

/**
 * The repository as GitHub's reader sees it when it is deleted after
 * `servedReads` file reads: from then on the Contents API answers 404,
 * which the reader gives as a missing file. The reader keeps a tree it
 * listed (`createGitHubReader`); one not listed yet answers 404 too.
 */
function goneAfter(servedReads: number): CodeReader {
  const reader = createFileSetReader({
    sha: SHA,
    source: createMemoryFileSource(FILES),
  });
  let reads = 0;
  const gone = () => reads >= servedReads;
  let tree: ReturnType<CodeReader["listTree"]> | undefined;
  return {
    ...reader,
    listTree: () => {
      if (!tree && gone()) return Promise.reject(treeGone());
      return (tree ??= reader.listTree());
    },
    readFile: async (path, options) => {
      if (gone())
        return {
          kind: "missing",
          path,
          note: `No such file at ${SHA}: ${path}.`,
        };
      reads++;
      return reader.readFile(path, options);
    },
  };
}

async function ask(reader: CodeReader) {
  const { comments, bodies } = recordingComments({
    title: "Uploads give up too early",
  });

  const outcome = await runQuestion(
    questionJob({
      task: { kind: "question", question: "where does the retry give up?" },
    }),
    retrievalRunDeps({
      clock: createFakeClock(),
      clientsFor: async (job) => ({
        conversation: testConversation(job, comments),
        codeHost: {
          label: "github:octo-org/hello-world",
          resolveRef: async () => ({ sha: SHA, ref: "main" }),
          at: () => reader,
        },
      }),
    }),
  );
  return { outcome, reply: bodies.at(-1)! };
}

describe("runQuestion when the repository becomes unreadable partway through", () => {
  it("answers with what it read, and says the repository could not be read at its commit and what GitHub answered", async () => {
    const { outcome, reply } = await ask(goneAfter(4));

    expect(outcome).toStrictEqual({ kind: "answered" });
    expect(reply).toMatch(
      /^> The repository could not be read at `6dcb09b` partway through: GitHub answered 404 \(Not Found\); this answer uses what was read before\.\n\n/,
    );
  });

  it("fails with GitHub's answer about the repository when nothing could be read, not 'no such commit'", async () => {
    const { outcome, reply } = await ask(goneAfter(0));

    expect(outcome).toStrictEqual({ kind: "failed", reason: "github-refused" });
    expect(reply).toContain(
      "GitHub answered 404 (Not Found) when askcode read this repository",
    );
    expect(reply).not.toContain("no branch, tag or commit");
  });

  it("says nothing of the kind when every read was served", async () => {
    const { outcome, reply } = await ask(goneAfter(Infinity));

    expect(outcome).toStrictEqual({ kind: "answered" });
    expect(reply).not.toContain("could not be read");
  });
});
