import type { ChatRequest } from "../../../src/agent/chat-model.js";
import { defaultRepoConfig } from "../../../src/config/parse-repo-config.js";
import { resolveRunSettings } from "../../../src/missions/resolve-run-settings.js";
import type { OwnSecret } from "../../../src/policy/find-own-secrets.js";
import { answerQuestion } from "../../../src/run/answer-question.js";
import { createTokenCounter } from "../../../src/tokens/create-token-counter.js";
import { createFakeClock } from "../../helpers/fake-clock.js";
import { memoryRunAt } from "../../helpers/memory-run-at.js";
import { createScriptedChatModel } from "../../helpers/scripted-chat-model.js";

const SHA = "6dcb09b5b57875f334f61aebed695e2e4193db5e";
// Values of the kinds askcode holds, none of a provider's shape: only
// knowing them finds them.
const WEBHOOK_SECRET = "whsec-R4nd0m-Hook-Value-93kQ";
const MODEL_KEY = "local-llm-key-7f3Kq9Zx2Lp";
const REDIS_PASSWORD = "r3dis-Pa55w0rd!";
const OWN: OwnSecret[] = [
  { label: "webhook secret", value: WEBHOOK_SECRET },
  { label: "model API key", value: MODEL_KEY },
  { label: "Redis password", value: REDIS_PASSWORD },
];

const allText = (requests: readonly ChatRequest[]) =>
  requests
    .flatMap((request) => request.messages)
    .map((message) => message.content ?? "")
    .join("\n");

describe("askcode's own secrets", () => {
  it("are sent to the model from no file, question or thread, and posted in no answer", async () => {
    const model = createScriptedChatModel([
      {
        toolCalls: [
          {
            name: "read_file_contents",
            arguments: '{"path":"deploy/notes.md"}',
          },
        ],
      },
      // A model told to leak repeats what it can: a value it guessed, reversed.
      `The hook is checked in \`deploy/notes.md#L1-L1\`; its secret reads ${[...WEBHOOK_SECRET].reverse().join("")} backwards, and the key is ${MODEL_KEY}.`,
    ]);
    const rendered = await answerQuestion({
      repository: {
        at: memoryRunAt(SHA, {
          "deploy/notes.md": `The hook uses ${WEBHOOK_SECRET} (rotate it yearly).\n`,
          "AGENTS.md": `Never print ${REDIS_PASSWORD}.\n`,
        }),
        excludePaths: [],
        maxRepositoryBytes: 10_000_000,
      },
      asked: {
        question: `@askcode is ${WEBHOOK_SECRET} the right webhook secret?`,
        asker: "asker",
        issue: {
          number: 1,
          title: `Model key ${MODEL_KEY} fails`,
          body: `Redis says no to ${REDIS_PASSWORD}.`,
          comments: [{ author: "bob", body: `Same with ${MODEL_KEY} here.` }],
        },
      },
      settings: {
        ...resolveRunSettings(defaultRepoConfig(), {
          model: "gpt-4o",
          contextWindow: 128_000,
        }),
        ownSecrets: OWN,
      },
      services: {
        model,
        tokenCounter: createTokenCounter({ model: "gpt-4o-mini" }),
        clock: createFakeClock(),
        log: { info: () => {}, warn: () => {} },
        progress: async () => {},
      },
    });
    const sent = allText(model.requests);
    expect(model.requests).toHaveLength(2);
    for (const value of [WEBHOOK_SECRET, MODEL_KEY, REDIS_PASSWORD]) {
      expect(sent).not.toContain(value);
      expect(rendered.body).not.toContain(value);
    }
    expect(sent).toContain(
      "is REDACTED_WEBHOOK_SECRET the right webhook secret?",
    );
    expect(sent).toContain(
      "The hook uses REDACTED_WEBHOOK_SECRET (rotate it yearly).",
    );
    expect(rendered.body).toContain("and the key is REDACTED_MODEL_API_KEY.");
    expect(rendered.body).toContain(
      "reads REDACTED_OBFUSCATED_SECRET backwards",
    );
  });
});
