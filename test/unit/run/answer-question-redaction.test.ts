import type { ChatRequest } from "../../../src/agent/chat-model.js";
import { createFileSetReader } from "../../../src/code-host/file-set/file-set-reader.js";
import { defaultRepoConfig } from "../../../src/config/parse-repo-config.js";
import { resolveRunSettings } from "../../../src/missions/resolve-run-settings.js";
import { runAt } from "../../../src/question/run-at.js";
import { answerQuestion } from "../../../src/run/answer-question.js";
import {
  createCpuPool,
  type CpuPool,
} from "../../../src/worker-threads/cpu-pool.js";
import { createTokenCounter } from "../../../src/tokens/create-token-counter.js";
import { createFakeClock } from "../../helpers/fake-clock.js";
import { FAKE } from "../../helpers/fake-secrets.js";
import { createMemoryFileSource } from "../../helpers/memory-file-source.js";
import { createScriptedChatModel } from "../../helpers/scripted-chat-model.js";

const SHA = "6dcb09b5b57875f334f61aebed695e2e4193db5e";
const OPENAI_TAIL = FAKE.openaiCompatible.slice(3);

// A settings file of the kind a black-box run found: each value below
// reached the model in the first message and in tool results.
const CREDENTIALS = {
  githubToken: FAKE.githubClassic,
  openaiKey: FAKE.openaiProject,
  awsKeyId: FAKE.awsAccessKeyId,
  awsSecret: FAKE.awsSecretKey,
  slackBot: FAKE.slackBot,
  stripe: FAKE.stripeSecret,
  npm: FAKE.npm,
  huggingFace: FAKE.huggingFace,
  sendgrid: FAKE.sendgrid,
  google: FAKE.googleApiKey,
  gitlab: FAKE.gitlab,
  dbPassword: "hunter2",
  secretKey: "correcthorsebatterystaple",
  adminPassword: "pa55",
  urlPassword: "s3cretPw",
  splitKeyTail: OPENAI_TAIL,
  privateKeyLine: FAKE.privateKeyBody[1]!,
};
const SETTINGS = [
  '"""Settings for the demo service."""', // 1
  "import os", // 2
  "", // 3
  'DB_PASSWORD = "hunter2"', // 4
  'SECRET_KEY = "correcthorsebatterystaple"', // 5
  `GITHUB_TOKEN = "${FAKE.githubClassic}"`, // 6
  `OPENAI_API_KEY = "${FAKE.openaiProject}"`, // 7
  `AWS_ACCESS_KEY_ID = "${FAKE.awsAccessKeyId}"`, // 8
  `AWS_SECRET_ACCESS_KEY = "${FAKE.awsSecretKey}"`, // 9
  `SLACK = {"bot": "${FAKE.slackBot}"}`, // 10
  `stripe.api_key = "${FAKE.stripeSecret}"`, // 11
  `NPM_TOKEN = "${FAKE.npm}"`, // 12
  `HF_TOKEN = "${FAKE.huggingFace}"`, // 13
  `SENDGRID_API_KEY = "${FAKE.sendgrid}"`, // 14
  `GOOGLE_MAPS_KEY = "${FAKE.googleApiKey}"`, // 15
  `GITLAB = os.environ.get("GITLAB_TOKEN", "${FAKE.gitlab}")`, // 16
  'ADMIN = {"user": "admin", "password": "pa55"}', // 17
  'DATABASE_URL = "postgres://app:s3cretPw@db.internal:5432/app"', // 18
  `LLM_KEY = "sk-" + "${OPENAI_TAIL}"`, // 19
  "SIGNING_KEY = '''", // 20
  "-----BEGIN PRIVATE KEY-----", // 21
  ...FAKE.privateKeyBody, // 22-25
  "-----END PRIVATE KEY-----", // 26
  "'''", // 27
  "RETRY_LIMIT = 4", // 28
  "", // 29
].join("\n");
const SETTINGS_LINES = SETTINGS.split("\n");

const allText = (requests: readonly ChatRequest[]) =>
  requests
    .flatMap((request) => request.messages)
    .map((message) => message.content ?? "")
    .join("\n");

/** A tool result's `content`, as line number → line. */
function numberedLines(toolText: string): Map<number, string> {
  const { content } = JSON.parse(toolText) as { content: string };
  return new Map(
    content.split("\n").map((line) => {
      const tab = line.indexOf("\t");
      return [Number(line.slice(0, tab)), line.slice(tab + 1)];
    }),
  );
}

describe("secrets in the repository and the model provider", () => {
  const tokenCounter = createTokenCounter({ model: "gpt-4o-mini" });

  async function run(cpu?: CpuPool) {
    const model = createScriptedChatModel([
      {
        toolCalls: [
          {
            name: "read_file_contents",
            arguments: '{"path":"config/settings.py"}',
          },
        ],
      },
      {
        // A range that starts inside the private key block.
        toolCalls: [
          {
            name: "read_file_contents",
            arguments:
              '{"path":"config/settings.py","start_line":23,"end_line":28}',
          },
          // A guess at a value: the search must not confirm it.
          {
            name: "search_repository_code",
            arguments: '{"query":"hunter2"}',
          },
          {
            name: "search_repository_code",
            arguments: '{"query":"DB_PASSWORD"}',
          },
        ],
      },
      "The retry limit is set in `config/settings.py#L28-L28`, next to the database password (`config/settings.py#L4-L4`).",
    ]);
    const reader = createFileSetReader({
      sha: SHA,
      source: createMemoryFileSource({
        "config/settings.py": SETTINGS,
        "src/retry.py":
          "from config.settings import RETRY_LIMIT\n\ndef should_retry(n):\n    return n < RETRY_LIMIT\n",
      }),
    });
    const rendered = await answerQuestion({
      repository: {
        at: runAt({
          source: "memory",
          owner: "octo",
          repo: "demo",
          ref: "main",
          reader: reader,
          budgets: defaultRepoConfig().budgets,
        }),
        excludePaths: [],
        maxRepositoryBytes: 10_000_000,
      },
      asked: {
        question:
          "@askcode how are the settings for retries and the database loaded?",
        asker: "asker",
        issue: {
          number: 1,
          title: "Settings",
          body: "Where do settings live?",
          comments: [],
        },
      },
      settings: resolveRunSettings(defaultRepoConfig(), {
        model: "gpt-4o",
        contextWindow: 128_000,
      }),
      services: {
        model,
        tokenCounter,
        clock: createFakeClock(),
        log: { info: () => {}, warn: () => {} },
        progress: async () => {},
        ...(cpu ? { cpu } : {}),
      },
    });
    return { model, rendered };
  }

  it("sends the model none of the file's credentials, in the first message or in tool results", async () => {
    const { model } = await run();
    expect(Object.keys(CREDENTIALS).length).toBeGreaterThanOrEqual(13);
    const first = model.requests[0]!.messages[1]!.content!;
    // The settings file was packed into the first message, redacted.
    expect(first).toContain('DB_PASSWORD = "REDACTED_SECRET"');
    expect(first).toContain("RETRY_LIMIT = 4");
    // The guessed value is the model's own query, echoed in its result.
    const everything = allText(model.requests).replaceAll(
      '"query":"hunter2"',
      "",
    );
    const leaked = Object.entries(CREDENTIALS).filter(([, value]) =>
      everything.includes(value),
    );
    expect(leaked).toEqual([]);
  });

  it("keeps every line number of the file in tool results", async () => {
    const { model } = await run();
    const tools = model.requests[2]!.messages.filter((m) => m.role === "tool");
    const [whole, range, guess, search] = tools.map((m) => m.content!);

    const lines = numberedLines(whole!);
    expect([...lines.keys()]).toEqual(
      SETTINGS_LINES.slice(0, -1).map((_, i) => i + 1),
    );
    // The key block keeps its six lines: the marker, then empty lines.
    const keyBlock = [21, 22, 23, 24, 25, 26];
    for (const [n, line] of lines) {
      const raw = SETTINGS_LINES[n - 1]!;
      const secret = Object.values(CREDENTIALS).some((v) => raw.includes(v));
      if (keyBlock.includes(n))
        expect([n, line]).toEqual([n, n === 21 ? "REDACTED_PRIVATE_KEY" : ""]);
      else if (secret)
        expect([n, line]).toEqual([n, expect.stringContaining("REDACTED_")]);
      else expect([n, line]).toEqual([n, raw]);
    }
    expect(lines.get(5)).toBe('SECRET_KEY = "REDACTED_SECRET"');
    expect(lines.get(19)).toBe(
      'LLM_KEY = "REDACTED_API_KEY" + "REDACTED_API_KEY"',
    );
    expect(lines.get(28)).toBe("RETRY_LIMIT = 4");

    // Lines 23-28 start inside the key: still redacted, still numbered as in the file.
    const part = numberedLines(range!);
    expect([...part.keys()]).toEqual([23, 24, 25, 26, 27, 28]);
    expect(part.get(27)).toBe("'''");
    expect(part.get(28)).toBe("RETRY_LIMIT = 4");

    expect(JSON.parse(guess!)).toMatchObject({ total_count: 0, returned: 0 });
    const found = JSON.parse(search!) as {
      results: Array<{ line_number: number; matched_line: string }>;
    };
    expect(found.results[0]).toMatchObject({
      line_number: 4,
      matched_line: 'DB_PASSWORD = "REDACTED_SECRET"',
    });
  });

  it("posts an answer whose citations still point at the real lines", async () => {
    const { rendered } = await run();
    for (const value of Object.values(CREDENTIALS))
      expect(rendered.body).not.toContain(value);
    expect(rendered.body).toContain(
      `https://github.com/octo/demo/blob/${SHA}/config/settings.py#L28)`,
    );
  });

  it("redacts the files and renders the answer on the pool's threads when it has them, to the same answer", async () => {
    const pool = createCpuPool({ threads: 1 });
    const calls = { redact: 0, renderAnswer: 0 };
    const counted: CpuPool = {
      ...pool,
      redact: (text, options) => (calls.redact++, pool.redact(text, options)),
      renderAnswer: (input) => (calls.renderAnswer++, pool.renderAnswer(input)),
    };
    try {
      const onThreads = await run(counted);
      const inPlace = await run();
      // The files were redacted there, the answer rendered once.
      expect(calls.redact).toBeGreaterThanOrEqual(2);
      expect(calls.renderAnswer).toBe(1);
      expect(
        onThreads.rendered.body.replace(/\d+(\.\d+)? ?m?s\b/g, ""),
      ).toEqual(inPlace.rendered.body.replace(/\d+(\.\d+)? ?m?s\b/g, ""));
    } finally {
      await pool.close();
    }
  });
});
