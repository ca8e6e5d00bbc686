import {
  createLocalCodeHost,
  type LocalCodeHost,
} from "../../../src/code-host/local/local-code-host.js";
import { defaultRepoConfig } from "../../../src/config/parse-repo-config.js";
import { runAt } from "../../../src/question/run-at.js";
import { answerQuestion } from "../../../src/run/answer-question.js";
import {
  buildHistoryRepo,
  type HistoryRepo,
} from "../../helpers/history-repo.js";
import { retrievalAnswerInput } from "../../helpers/retrieval-answer-input.js";
import { createScriptedChatModel } from "../../helpers/scripted-chat-model.js";
import { removeDir } from "../../helpers/temp-repo.js";

let repo: HistoryRepo;
let host: LocalCodeHost;
beforeAll(() => {
  repo = buildHistoryRepo();
  host = createLocalCodeHost({ root: repo.root });
});
afterAll(async () => {
  await host.close();
  removeDir(repo.root);
});

const WEB = "https://github.com/octo-org/hello-world";

function input(
  question: string,
  more: Parameters<typeof retrievalAnswerInput>[2] = {},
) {
  const base = retrievalAnswerInput(repo.head, {}, more);
  return {
    ...base,
    repository: {
      ...base.repository,
      at: runAt({
        source: "local",
        owner: "octo-org",
        repo: "hello-world",
        ref: "main",
        reader: host.at(repo.head),
        budgets: defaultRepoConfig().budgets,
      }),
    },
    asked: { ...base.asked, question },
  };
}

const history = (body: string) =>
  body.slice(body.indexOf("**History of the cited lines**")).split("\n\n")[1];

describe("an answer's history of the lines it shows", () => {
  it("ends a retrieval answer to a why question with the last change of its first places and their pull requests", async () => {
    const { body } = await answerQuestion(
      input(
        "Why does upload retry failed sends, and when did retries come in?",
      ),
    );
    const at = `${WEB}/blob/${repo.head}`;
    const sha = (full: string) =>
      `[\`${full.slice(0, 7)}\`](${WEB}/commit/${full})`;
    expect(history(body)).toBe(
      [
        `- [\`src/upload.ts\`, lines 1, 4-6 and 8](${at}/src/upload.ts#L1): ${sha(repo.added)} Add the upload client (2025-01-01); moved from \`lib/upload-client.ts\` since`,
        `- [\`src/upload.ts\`, lines 2-3](${at}/src/upload.ts#L2-L3): ${sha(repo.retried)} Retry uploads twice (2025-01-01), pull request [#12 Retry failed uploads](${WEB}/pull/12)`,
        `- [\`src/upload.ts\`, lines 7 and 9](${at}/src/upload.ts#L7): ${sha(repo.squashed)} Time out uploads after 30 s (#34) (2025-01-01), pull request [#34 Time out uploads after 30 s](${WEB}/pull/34)`,
        `- [\`README.md\`, line 1](${at}/README.md#L1): ${sha(repo.added)} Add the upload client (2025-01-01)`,
        `- [\`README.md\`, lines 2-3](${at}/README.md#L2-L3): ${sha(repo.readme)} Say what the project does (2025-01-01)`,
      ].join("\n"),
    );
    // Nobody's name: the commits' author is "askcode tests".
    expect(body).not.toContain("askcode tests");
  });

  it("leaves it out when the question asks where, not why", async () => {
    const { body } = await answerQuestion(
      input("Where does upload send files?"),
    );
    expect(body).not.toContain("History of the cited lines");
  });

  it("shows it for any question when /why asked for it", async () => {
    const { body } = await answerQuestion(
      input("Where does upload send files?", {
        settings: { showHistory: true },
      }),
    );
    expect(body).toContain("**History of the cited lines**");
  });

  it("ends a model's answer with the history of exactly the lines it cites", async () => {
    const model = createScriptedChatModel([
      "Uploads retry twice (`src/upload.ts:2-3`), a choice made in the retry pull request.",
    ]);
    const { body } = await answerQuestion(
      input("Why does upload retry twice?", { services: { model } }),
    );
    expect(history(body)).toBe(
      `- [\`src/upload.ts\`, lines 2-3](${WEB}/blob/${repo.head}/src/upload.ts#L2-L3): [\`${repo.retried.slice(0, 7)}\`](${WEB}/commit/${repo.retried}) Retry uploads twice (2025-01-01), pull request [#12 Retry failed uploads](${WEB}/pull/12)`,
    );
    expect(model.remaining()).toBe(0);
  });
});
