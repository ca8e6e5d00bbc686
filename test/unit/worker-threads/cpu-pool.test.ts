import { readdirSync, readFileSync } from "node:fs";
import {
  renderAnswerComment,
  type AnswerCommentInput,
} from "../../../src/answer/render-answer-comment.js";
import { redactSecrets } from "../../../src/policy/redact-secrets.js";
import { loadGrammarsFor } from "../../../src/retrieval/chunks/chunk-file.js";
import { Bm25Builder } from "../../../src/retrieval/index/bm25-builder.js";
import { deriveFile } from "../../../src/retrieval/index/derive-file.js";
import {
  createCpuPool,
  type CpuPool,
} from "../../../src/worker-threads/cpu-pool.js";
import { FAKE } from "../../helpers/fake-secrets.js";

const FILES = [
  {
    path: "app/session.py",
    text: 'class Session:\n    """A user session."""\n\n    def refresh(self, token):\n        return self.store.renew(token)\n\n\ndef open_session(user):\n    return Session(user)\n',
  },
  {
    path: "src/retry.ts",
    text: "export function shouldRetry(status: number): boolean {\n  return status >= 500;\n}\n\nexport class Backoff {\n  next(attempt: number) {\n    return 2 ** attempt;\n  }\n}\n",
  },
  {
    path: "docs/retries.md",
    text: "# Retries\n\nshouldRetry decides on a 5xx status.\n",
  },
];
const SETTINGS = `DB_PASSWORD = "hunter2hunter2"\nGITHUB_TOKEN = "${FAKE.githubClassic}"\nWEBHOOK = "operator-webhook-secret-value"\n`;
const OWN = [
  { label: "webhook secret", value: "operator-webhook-secret-value" },
];

let cpu: CpuPool;
// The event loop's priority before any pool exists: 0, unless the suite
// itself runs under nice.
let startingNiceness: number;
beforeAll(() => {
  startingNiceness = niceOf("/proc/thread-self/stat");
  cpu = createCpuPool({ threads: 2 });
});
afterAll(() => cpu.close());

describe("createCpuPool", () => {
  it("derives each file on a thread exactly as the event loop does, in the order given", async () => {
    await loadGrammarsFor(FILES);
    const here = FILES.map((file) => deriveFile(file, {}, new Bm25Builder()));
    const threads = await cpu.derive(FILES, {});
    expect(threads).toEqual(here);
    // The syntax tree was there on the thread: the class is a class.
    expect(threads[0]!.chunks.map((c) => c.defines).flat()).toContain(
      "Session",
    );
  });

  it("splits a large set into batches and still answers in order", async () => {
    const many = Array.from({ length: 150 }, (_, i) => ({
      path: `src/m${i}.ts`,
      text: `export const value${i} = ${i};\n`,
    }));
    const derived = await cpu.derive(many, {});
    expect(
      derived.map((d) => d.terms.find((t) => t.startsWith("value"))),
    ).toEqual(many.map((_, i) => `value${i}`));
  });

  it("redacts on a thread as the event loop does, the operator's own secrets too", async () => {
    const options = { path: "settings.py", keepLines: true, ownSecrets: OWN };
    const threads = await cpu.redact(SETTINGS, options);
    expect(threads).toEqual(await redactSecrets(SETTINGS, options));
    expect(threads.text).not.toContain("hunter2hunter2");
    expect(threads.text).not.toContain(FAKE.githubClassic);
    expect(threads.text).toContain("REDACTED_WEBHOOK_SECRET");
  });

  it("renders an answer on a thread as the event loop does: secrets, mentions and outside links made safe", async () => {
    const input: AnswerCommentInput = {
      answer: `Retries are decided in [\`upload.ts\`](https://github.com/octo-org/app/blob/${"a".repeat(40)}/src/upload.ts#L3-L9); see https://evil.example/x, ask @octocat, token ${FAKE.githubClassic}.`,
      repository: { owner: "octo-org", repo: "app", sha: "a".repeat(40) },
      context: [
        {
          path: "src/upload.ts",
          ranges: [[3, 9]],
          tokens: 120,
        },
      ],
      model: "gpt-4o",
      tokensUsed: 1234,
      ownSecrets: OWN,
    };
    const threads = await cpu.renderAnswer(input);
    expect(threads).toEqual(await renderAnswerComment(input));
    expect(threads.body).not.toContain(FAKE.githubClassic);
    // Not a link nor a mention any more: shown as code.
    expect(threads.body).toContain("`https://evil.example/x`");
    expect(threads.body).not.toMatch(/[^`]@octocat/);
    expect(threads.body).toContain("src/upload.ts");
  });

  it("runs its threads at the lowest priority, so the event loop's thread is scheduled first", async () => {
    await cpu.redact("x", {});
    const niceness = readdirSync("/proc/self/task").map((tid) =>
      niceOf(`/proc/self/task/${tid}/stat`),
    );
    expect(niceness).toContain(19);
    // The thread running this test (the event loop's) keeps its priority.
    expect(niceOf("/proc/thread-self/stat")).toBe(startingNiceness);
  });

  it("refuses a thread count that is not a whole number of at least 1", () => {
    expect(() => createCpuPool({ threads: 0 })).toThrow(
      "createCpuPool: threads must be a whole number of at least 1, received 0.",
    );
  });
});

/** A thread's nice value: field 19 of its stat, counted after the name, which may hold spaces. */
function niceOf(statPath: string): number {
  const stat = readFileSync(statPath, "utf8");
  return Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[16]);
}
