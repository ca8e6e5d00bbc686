import { jest } from "@jest/globals";
import { Registry } from "prom-client";
import { renderAnswerComment } from "../../../src/answer/render-answer-comment.js";
import { createAnswerReactionMetrics } from "../../../src/metrics/answer-reaction-metrics.js";
import { countAnswerReactions } from "../../../src/compose/count-answer-reactions.js";
import type { ReactionMemory } from "../../../src/storage/reaction-memory/reaction-memory.js";
import { createMemoryReactionMemory } from "../../helpers/memory-reaction-memory.js";
import { createRedisReactionMemory } from "../../../src/storage/reaction-memory/redis-reaction-memory.js";
import { createIssueComments } from "../../../src/conversation/issue-comments.js";
import { metricSamples } from "../../helpers/metric-samples.js";
import {
  nockIssueThread,
  restIssueThread,
  THREAD_ISSUE,
  THREAD_OWNER,
  THREAD_REPO,
} from "../../helpers/rest-issue-thread.js";
import { createTestOctokit } from "../../helpers/test-octokit.js";
import { useTestRedis } from "../../helpers/use-test-redis.js";

const redis = useTestRedis();
const METRIC = "askcode_answer_reactions_total";
const SAMPLE = `${METRIC}{repository="${THREAD_OWNER}/${THREAD_REPO}",reaction="-1"}`;

let answer: string;
beforeAll(async () => {
  answer = (
    await renderAnswerComment({
      answer: "The spelling is checked in `lib/spell.js`.",
      repository: {
        owner: THREAD_OWNER,
        repo: THREAD_REPO,
        sha: "9fceb02d0ae598e95dc970b74767f19372d61af8",
      },
      context: [],
      model: "gpt-4o",
      tokensUsed: 900,
    })
  ).body;
});

/** The thread as GitHub lists it: askcode's answer with `thumbsDown` 👎, and others' comments with theirs. */
function thread(thumbsDown: number) {
  return restIssueThread({}, [
    {
      login: "newcomer",
      association: "NONE",
      body: "@askcode where?",
      thumbsDown: 4,
    },
    { login: "askcode[bot]", association: "NONE", body: answer, thumbsDown },
    // Another bot's comment, worded like an answer: not askcode's.
    { login: "helper[bot]", association: "NONE", body: answer, thumbsDown: 7 },
  ]);
}

function reader(memory: ReactionMemory, registry: Registry, warn = jest.fn()) {
  const answersRead = countAnswerReactions({
    memory,
    metrics: createAnswerReactionMetrics(registry),
    log: { warn },
  });
  return async (thumbsDown: number) => {
    nockIssueThread(thread(thumbsDown));
    return createIssueComments(
      createTestOctokit(),
      { owner: THREAD_OWNER, repo: THREAD_REPO, issueNumber: THREAD_ISSUE },
      { appSlug: "askcode", answersRead },
    ).thread();
  };
}

describe("askcode_answer_reactions_total", () => {
  it("counts the 👎 on askcode's answers new since askcode last read the thread", async () => {
    const registry = new Registry();
    const read = reader(createMemoryReactionMemory(), registry);

    await read(2);
    expect(await metricSamples(registry, METRIC)).toEqual([`${SAMPLE} 2`]);
    await read(2);
    expect(await metricSamples(registry, METRIC)).toEqual([`${SAMPLE} 2`]);
    await read(3);
    expect(await metricSamples(registry, METRIC)).toEqual([`${SAMPLE} 3`]);
    // A 👎 taken back is not subtracted; one added again counts again.
    await read(1);
    await read(2);
    expect(await metricSamples(registry, METRIC)).toEqual([`${SAMPLE} 4`]);
  });

  it("counts each 👎 once when replicas sharing Redis read the same thread", async () => {
    const registry = new Registry();
    const metrics = createAnswerReactionMetrics(registry);
    const replica = () =>
      countAnswerReactions({
        memory: createRedisReactionMemory(redis().client()),
        metrics,
        log: { warn: jest.fn() },
      });
    const first = replica();
    const second = replica();
    const answers = [{ commentId: 492700401, thumbsDown: 3 }];

    await Promise.all([
      first("octo/app", answers),
      second("octo/app", answers),
    ]);
    expect(await metricSamples(registry, METRIC)).toEqual([
      `${METRIC}{repository="octo/app",reaction="-1"} 3`,
    ]);
    const key = "askcode:reactions:thumbs-down:comment:492700401";
    expect(await redis().client().get(key)).toBe("3");
    expect(await redis().client().ttl(key)).toBeGreaterThan(0);
  });

  it("logs a memory that cannot be reached and still reads the thread", async () => {
    const client = redis().client();
    await client.quit();
    const registry = new Registry();
    const warn = jest.fn();
    const read = reader(createRedisReactionMemory(client), registry, warn);

    const read1 = await read(2);
    expect(read1.comments[1]?.askcodeAnswer?.text).toBe(
      "The spelling is checked in `lib/spell.js`.",
    );
    expect(await metricSamples(registry, METRIC)).toEqual([]);
    expect(warn).toHaveBeenCalledWith(
      expect.objectContaining({ repository: `${THREAD_OWNER}/${THREAD_REPO}` }),
      "askcode could not count the reactions on its answers",
    );
  });
});
