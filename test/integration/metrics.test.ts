import { Registry } from "prom-client";
import { metricSamples } from "../helpers/metric-samples.js";
import {
  nockAppAuth,
  nockNoConfig,
  nockRepository,
  startAskcode,
  UPLOAD_PY,
  webhookPayload,
} from "./probot-harness.js";

const FILES = {
  "README.md":
    "# Hello-World\n\nUploads files, and retries when the server fails.\n",
  "src/upload.py": UPLOAD_PY,
};

describe("askcode's metrics, through a whole delivery", () => {
  it("shows one delivery received, one question answered with its latency, the GitHub requests by route and the cache use", async () => {
    const auth = nockAppAuth();
    nockNoConfig();
    await nockRepository(FILES);
    const registry = new Registry();
    const { probot, idle } = await startAskcode({}, { metrics: registry });

    await probot.receive({
      id: "delivery-1",
      name: "issue_comment",
      payload: webhookPayload("issue_comment.created.mention"),
    });
    await idle();

    const samples = (name: string) => metricSamples(registry, name);
    expect(await samples("askcode_webhooks_received_total")).toStrictEqual([
      'askcode_webhooks_received_total{event="issue_comment.created"} 1',
    ]);
    expect(await samples("askcode_webhooks_ignored_total")).toStrictEqual([]);
    expect(await samples("askcode_questions_queued_total")).toStrictEqual([
      'askcode_questions_queued_total{repository="Codertocat/Hello-World"} 1',
    ]);
    expect(await samples("askcode_questions_answered_total")).toStrictEqual([
      'askcode_questions_answered_total{repository="Codertocat/Hello-World"} 1',
    ]);
    expect(await samples("askcode_questions_failed_total")).toStrictEqual([]);
    expect(await samples("askcode_questions_running")).toStrictEqual([
      "askcode_questions_running 0",
    ]);
    expect(await samples("askcode_answer_latency_seconds")).toContain(
      "askcode_answer_latency_seconds_count 1",
    );
    // The code reads, by route: the repository, its branch head, the tree and the tarball.
    expect(await samples("askcode_github_requests_total")).toStrictEqual([
      'askcode_github_requests_total{route="GET /repos/{owner}/{repo}",status="200"} 1',
      'askcode_github_requests_total{route="GET /repos/{owner}/{repo}/commits/{ref}",status="200"} 1',
      'askcode_github_requests_total{route="GET /repos/{owner}/{repo}/git/trees/{tree_sha}",status="200"} 1',
      'askcode_github_requests_total{route="GET /repos/{owner}/{repo}/tarball/{ref}",status="200"} 1',
    ]);
    expect(await samples("askcode_github_response_cache_total")).toStrictEqual([
      'askcode_github_response_cache_total{result="hit"} 0',
      'askcode_github_response_cache_total{result="redis_hit"} 0',
      'askcode_github_response_cache_total{result="not_modified"} 0',
      'askcode_github_response_cache_total{result="miss"} 4',
      'askcode_github_response_cache_total{result="stale_on_error"} 0',
    ]);
    const packed = await samples("askcode_context_packed_tokens");
    expect(packed).toContain("askcode_context_packed_tokens_count 1");
    const sum = packed.find((line) =>
      line.startsWith("askcode_context_packed_tokens_sum "),
    );
    expect(Number(sum?.split(" ")[1])).toBeGreaterThan(0);
    auth.persist(false);
  });

  it("counts a bot's comment as received and ignored, with its reason", async () => {
    const auth = nockAppAuth();
    const registry = new Registry();
    const { probot, idle } = await startAskcode({}, { metrics: registry });

    await probot.receive({
      id: "delivery-3",
      name: "issue_comment",
      payload: webhookPayload("issue_comment.created.bot"),
    });
    await idle();

    expect(
      await metricSamples(registry, "askcode_webhooks_received_total"),
    ).toStrictEqual([
      'askcode_webhooks_received_total{event="issue_comment.created"} 1',
    ]);
    expect(
      await metricSamples(registry, "askcode_webhooks_ignored_total"),
    ).toStrictEqual(['askcode_webhooks_ignored_total{reason="bot"} 1']);
    expect(
      await metricSamples(registry, "askcode_questions_queued_total"),
    ).toStrictEqual([]);
    auth.persist(false);
  });
});
