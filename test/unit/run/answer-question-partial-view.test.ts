import type { WholeRepositoryVerdict } from "../../../src/code-host/code-host.js";
import { createFileSetReader } from "../../../src/code-host/file-set/file-set-reader.js";
import { defaultRepoConfig } from "../../../src/config/parse-repo-config.js";
import { resolveRunSettings } from "../../../src/missions/resolve-run-settings.js";
import { runAt } from "../../../src/question/run-at.js";
import { answerQuestion } from "../../../src/run/answer-question.js";
import { createTokenCounter } from "../../../src/tokens/create-token-counter.js";
import { createFakeClock } from "../../helpers/fake-clock.js";
import { createMemoryFileSource } from "../../helpers/memory-file-source.js";
import { createScriptedChatModel } from "../../helpers/scripted-chat-model.js";

const SHA = "6dcb09b5b57875f334f61aebed695e2e4193db5e";
const FILES = {
  "src/retry.ts":
    "export function shouldRetry(status: number): boolean {\n  return status >= 500;\n}\n",
  "docs/retries.md": "# Retries\n\nshouldRetry decides on a 5xx status.\n",
};

/** The first message the model gets for one question, with the host's verdict on reading it whole. */
async function firstMessage(verdict: WholeRepositoryVerdict): Promise<string> {
  const model = createScriptedChatModel(["It retries on a 5xx."]);
  await answerQuestion({
    repository: {
      at: runAt({
        source: "memory",
        owner: "octo-org",
        repo: "hello-world",
        htmlUrl: "https://github.com/octo-org/hello-world",
        ref: "main",
        reader: {
          ...createFileSetReader({
            sha: SHA,
            source: createMemoryFileSource(FILES),
          }),
          wholeRepository: async () => verdict,
        },
        budgets: defaultRepoConfig().budgets,
      }),
      excludePaths: [],
      maxRepositoryBytes: 10_000_000,
    },
    asked: {
      question: "@askcode where are retries decided?",
      asker: "asker",
      issue: { number: 1, title: "Retries", body: "", comments: [] },
    },
    settings: resolveRunSettings(defaultRepoConfig(), {
      model: "gpt-4o",
      contextWindow: 128_000,
    }),
    services: {
      model,
      tokenCounter: createTokenCounter({ model: "gpt-4o" }),
      clock: createFakeClock(),
      log: { info: () => {}, warn: () => {} },
      progress: async () => {},
    },
  });
  return String(model.requests[0]?.messages[1]?.content);
}

describe("answerQuestion on a repository too large to read whole", () => {
  it("tells the model it sees part of the repository, though the files search named all fit", async () => {
    const why = "the tree lists 180 MB of text, over the 50 MB cap";
    const partial = await firstMessage({ cheap: false, why });
    expect(partial).toContain(
      `Only part of the repository was read (${why}; read 2 files:`,
    );
    expect(partial).toContain("Only part of the repository was read (");
    expect(partial).toContain("Every file askcode read (");
    expect(partial).not.toContain("The whole repository");

    const whole = await firstMessage({ cheap: true });
    expect(whole).toContain("The whole repository (2 text files) fits");
    expect(whole).not.toContain("Only part of the repository");
  });
});
