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
import { git, removeDir } from "../../helpers/temp-repo.js";
import { createFileSetReader } from "../../../src/code-host/file-set/file-set-reader.js";
import { createGraphqlLineHistory } from "../../../src/code-host/github/graphql-line-history.js";
import { rememberedLineHistory } from "../../../src/code-host/remembered-line-history.js";
import { createMemoryFileSource } from "../../helpers/memory-file-source.js";
import { lineBlameData, nockLineBlame } from "../../helpers/graphql-blame.js";
import { createTestOctokit } from "../../helpers/test-octokit.js";

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

  it("reads it through GitHub's GraphQL blame for the App and the Action", async () => {
    const octokit = createTestOctokit();
    const { scope } = nockLineBlame(
      lineBlameData(
        { root: repo.root, owner: "octo-org", name: "hello-world" },
        repo.head,
        "src/upload.ts",
        {
          [repo.retried]: {
            number: 12,
            title: "Retry failed uploads",
            mergedAt: "2025-01-02T10:00:00Z",
          },
        },
      ),
    );
    const files = {
      "src/upload.ts": git(repo.root, "show", `${repo.head}:src/upload.ts`),
    };
    const reader = {
      ...createFileSetReader({
        sha: repo.head,
        source: createMemoryFileSource(files),
      }),
      lineHistory: rememberedLineHistory(
        createGraphqlLineHistory({
          ctx: { owner: "octo-org", repo: "hello-world" },
          graphql: (query, parameters) => octokit.graphql(query, parameters),
          sha: repo.head,
        }),
      ),
    };
    const model = createScriptedChatModel([
      "Uploads retry twice (`src/upload.ts:2-3`) and give up after (`src/upload.ts:7`).",
    ]);
    const base = input("Since when do uploads retry?", { services: { model } });
    const { body } = await answerQuestion({
      ...base,
      repository: {
        ...base.repository,
        at: runAt({
          source: "github",
          owner: "octo-org",
          repo: "hello-world",
          ref: "main",
          reader,
          budgets: defaultRepoConfig().budgets,
        }),
      },
    });
    expect(history(body)).toBe(
      [
        `- [\`src/upload.ts\`, lines 2-3](${WEB}/blob/${repo.head}/src/upload.ts#L2-L3): [\`${repo.retried.slice(0, 7)}\`](${WEB}/commit/${repo.retried}) Retry uploads twice (2025-01-01), pull request [#12 Retry failed uploads](${WEB}/pull/12)`,
        `- [\`src/upload.ts\`, line 7](${WEB}/blob/${repo.head}/src/upload.ts#L7): [\`${repo.squashed.slice(0, 7)}\`](${WEB}/commit/${repo.squashed}) Time out uploads after 30 s (#34) (2025-01-01)`,
      ].join("\n"),
    );
    // One blame of the file for both places.
    expect(scope.pendingMocks()).toStrictEqual([]);
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
