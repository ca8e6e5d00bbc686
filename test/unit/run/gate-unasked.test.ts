import { parseRepoConfig } from "../../../src/config/parse-repo-config.js";
import type { RepoConfigInput } from "../../../src/config/repo-config-schema.js";
import { DEFAULT_CONFIDENCE_THRESHOLD } from "../../../src/retrieval/confidence/answer-confidence.js";
import type { QuestionJob } from "../../../src/question/question-job.js";
import { gateUnasked } from "../../../src/run/gate-unasked.js";
import { createFakeClock } from "../../helpers/fake-clock.js";
import { memoryCodeHost } from "../../helpers/memory-code-host.js";
import { questionJob } from "../../helpers/question-job.js";
import { recordingComments } from "../../helpers/recording-comments.js";
import { retrievalRunDeps } from "../../helpers/retrieval-run-deps.js";
import { testConversation } from "../../helpers/test-conversation.js";

const SHA = "6dcb09b5b57875f334f61aebed695e2e4193db5e";
const FILES = {
  "src/retry.py":
    "MAX_ATTEMPTS = 5\n\ndef should_give_up(attempt, status):\n    return attempt >= MAX_ATTEMPTS\n",
  "src/server.py": "def serve(port):\n    return port\n",
  "README.md": "# Uploads\n",
};

/** A new issue nobody asked askcode about, asking `question`, in a repository set by `config`. */
function unasked(question: string, config: RepoConfigInput): QuestionJob {
  return questionJob({
    task: { kind: "question", question },
    reactTo: { kind: "issue" },
    unasked: {},
    config: parseRepoConfig(config).config,
  });
}

function gateDeps(options: { failing?: Error } = {}) {
  const lines: Array<[string, object, string]> = [];
  const labels: Array<[QuestionJob, string]> = [];
  const verdicts: string[] = [];
  const { comments } = recordingComments({ title: "", comments: [] });
  const log = {
    info: (meta: object, message: string) =>
      void lines.push(["info", meta, message]),
    warn: (meta: object, message: string) =>
      void lines.push(["warn", meta, message]),
    error: (meta: object, message: string) =>
      void lines.push(["error", meta, message]),
  };
  const deps = {
    ...retrievalRunDeps({
      clock: createFakeClock(),
      log,
      clientsFor: async (job: QuestionJob) => {
        if (options.failing) throw options.failing;
        return {
          conversation: testConversation(job, comments),
          codeHost: memoryCodeHost(SHA, FILES),
        };
      },
    }),
    addLabel: async (job: QuestionJob, name: string) =>
      void labels.push([job, name]),
    unasked: { gated: (verdict: string) => void verdicts.push(verdict) },
  };
  return { deps, lines, labels, verdicts };
}

describe("gateUnasked", () => {
  it("lets a question that names the code's function through, with its score, and logs the score and signals", async () => {
    const { deps, lines, verdicts } = gateDeps();
    const job = unasked("When does should_give_up stop retrying?", {
      unasked: { issues: "all", min_confidence: 0.05 },
    });

    const passed = await gateUnasked(job, deps);

    expect(passed?.unasked?.confidence).toBeGreaterThanOrEqual(0.05);
    expect(verdicts).toStrictEqual(["answered"]);
    // The gate is handed what was ranked: three files, some chunks matched.
    const { signals } = lines[0]![1] as { signals: Record<string, number> };
    expect(signals.smallRepository).toBeCloseTo(1 - Math.log10(3) / 5);
    expect(signals.fewMatched).toBeGreaterThanOrEqual(0);
    expect(lines).toStrictEqual([
      [
        "info",
        {
          deliveryId: "d-1",
          threshold: 0.05,
          score: passed?.unasked?.confidence,
          signals: expect.any(Object),
        },
        "askcode answers unasked: retrieval's confidence reaches the threshold",
      ],
    ]);
  });

  it("keeps silent below the threshold, the default one when the repository sets none, and adds the silent label", async () => {
    const { deps, lines, labels, verdicts } = gateDeps();
    const job = unasked("Happy holidays, and a restful winter break!", {
      unasked: { issues: "all", silent_label: "needs-triage" },
    });

    expect(await gateUnasked(job, deps)).toBeUndefined();

    expect(verdicts).toStrictEqual(["silent"]);
    expect(labels).toStrictEqual([[job, "needs-triage"]]);
    expect(lines[0]![1]).toMatchObject({
      threshold: DEFAULT_CONFIDENCE_THRESHOLD,
      score: expect.any(Number),
    });
    expect((lines[0]![1] as { score: number }).score).toBeLessThan(
      DEFAULT_CONFIDENCE_THRESHOLD,
    );
  });

  it("keeps silent when it cannot score (GitHub failing), logged and counted as failed, with no label", async () => {
    const refused = Object.assign(new Error("Server Error"), { status: 502 });
    const { deps, lines, labels, verdicts } = gateDeps({ failing: refused });
    const job = unasked("When does should_give_up stop retrying?", {
      unasked: { issues: "all", silent_label: "needs-triage" },
    });

    expect(await gateUnasked(job, deps)).toBeUndefined();

    expect(verdicts).toStrictEqual(["failed"]);
    expect(labels).toStrictEqual([]);
    expect(lines).toStrictEqual([
      [
        "warn",
        {
          deliveryId: "d-1",
          threshold: DEFAULT_CONFIDENCE_THRESHOLD,
          err: refused,
        },
        "askcode could not score a question nobody asked; staying silent",
      ],
    ]);
  });

  it("scores a question too long to answer as nothing, reading no code", async () => {
    const { deps, verdicts } = gateDeps({
      failing: new Error("no code may be read"),
    });
    const job = unasked(`should_give_up ${"x".repeat(200)}`, {
      unasked: { issues: "all", min_confidence: 0.05 },
      limits: { max_question_chars: 100 },
    });

    expect(await gateUnasked(job, deps)).toBeUndefined();
    expect(verdicts).toStrictEqual(["silent"]);
  });
});
