import { testConversation } from "../../helpers/test-conversation.js";
import type { CodeReader } from "../../../src/code-host/code-host.js";
import { createFileSetReader } from "../../../src/code-host/file-set/file-set-reader.js";
import { runQuestion } from "../../../src/run/run-question.js";
import { GitHubError } from "../../../src/shared/errors.js";
import { createFakeClock } from "../../helpers/fake-clock.js";
import { createMemoryFileSource } from "../../helpers/memory-file-source.js";
import { questionJob } from "../../helpers/question-job.js";
import { recordingComments } from "../../helpers/recording-comments.js";
import { retrievalRunDeps } from "../../helpers/retrieval-run-deps.js";
import { createScriptedChatModel } from "../../helpers/scripted-chat-model.js";

const SHA = "6dcb09b5b57875f334f61aebed695e2e4193db5e";
// Many files, so retrieval and the model have many to read.
const FILES = Object.fromEntries(
  Array.from({ length: 40 }, (_, i) => [
    `src/part${i}.py`,
    `def retry_${i}(attempt):\n    return attempt >= ${i}\n`,
  ]),
);
// One file read as plugin-retry makes it when GitHub answers 502 every
// time: four tries, 1 + 4 + 9 s of waits between them.
const ONE_FAILING_READ_MS = 14_000;

describe("runQuestion when GitHub answers 502 to every file read the model asks for", () => {
  it("stops reading after three reads in a row failed and posts GitHub's failure well within the run's wall time", async () => {
    const clock = createFakeClock();
    const start = clock.now();
    const source = createFileSetReader({
      sha: SHA,
      source: createMemoryFileSource(FILES),
    });
    // Retrieval read the repository; from the model's first step on, GitHub
    // answers 502 to every file read.
    let down = false;
    let reads = 0;
    const readFile: CodeReader["readFile"] = async (path, options) => {
      if (!down) return source.readFile(path, options);
      reads++;
      clock.advance(ONE_FAILING_READ_MS);
      throw new GitHubError(
        "GitHub answered 502 Bad Gateway while reading a file; try again later.",
        502,
      );
    };
    const reader: CodeReader = { ...source, readFile };
    // A model that reads file after file, as one does when each read fails,
    // then answers with what it has.
    const script = createScriptedChatModel([
      ...Array.from({ length: 40 }, (_, i) => ({
        toolCalls: [
          {
            name: "read_file_contents",
            arguments: JSON.stringify({ path: `src/part${i}.py` }),
          },
        ],
      })),
      "The files could not be read.",
    ]);
    const model: typeof script = {
      ...script,
      complete: (request) => {
        down = true;
        return script.complete(request);
      },
    };
    const { comments, bodies } = recordingComments({ title: "Retries" });
    let postedAt: number | undefined;
    const outcome = await runQuestion(
      questionJob({
        task: { kind: "question", question: "where does the retry give up?" },
      }),
      retrievalRunDeps({
        clock,
        modelFor: () => model,
        clientsFor: async (job) => ({
          conversation: testConversation(job, {
            ...comments,
            update: async (id, body) => {
              postedAt = clock.now();
              return comments.update(id, body);
            },
          }),
          codeHost: {
            label: "github:octo-org/hello-world",
            resolveRef: async () => ({ sha: SHA, ref: "main" }),
            at: () => reader,
          },
        }),
      }),
    );

    expect(outcome).toStrictEqual({ kind: "failed", reason: "github" });
    expect(reads).toBe(3);
    expect(postedAt! - start).toBe(3 * ONE_FAILING_READ_MS);
    expect(postedAt! - start).toBeLessThan(180_000);
    expect(bodies.at(-1)).toContain("GitHub");
  });
});
