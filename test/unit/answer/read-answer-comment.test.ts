import { permalink } from "../../../src/shared/permalink.js";
import { readAnswerComment } from "../../../src/answer/read-answer-comment.js";
import { renderAnswerComment } from "../../../src/answer/render-answer-comment.js";
import { renderAnswerMovedComment } from "../../../src/answer/render-answer-moved-comment.js";
import { renderFailureComment } from "../../../src/answer/render-failure-comment.js";
import { isAnswerComment } from "../../../src/answer/render-footer.js";
import { renderInterruptedComment } from "../../../src/answer/render-interrupted-comment.js";
import { renderProgressComment } from "../../../src/answer/render-progress-comment.js";
import { renderLimitNotice } from "../../../src/limits/render-limit-notice.js";
import { repository, SHA } from "./fixtures.js";

const RETRY_LINK = permalink({
  ...repository,
  path: "src/upload.ts",
  startLine: 4,
  endLine: 7,
});
const MAX_LINK = permalink({
  ...repository,
  path: "src/upload.ts",
  startLine: 9,
});

async function answerBody(
  model?: string,
  foldFooter?: boolean,
): Promise<string> {
  const rendered = await renderAnswerComment({
    answer: `An upload is retried on 429 and 5xx ([shouldRetryUpload](${RETRY_LINK})), at most [five times](${MAX_LINK}); see also ${RETRY_LINK}.`,
    repository: { ...repository, askedRef: "main" },
    context: [{ path: "src/config.py", ranges: [[1, 5]], tokens: 40 }],
    ...(model ? { model, tokensUsed: 2_048 } : {}),
    ...(foldFooter && { foldFooter }),
  });
  return rendered.body;
}

describe("isAnswerComment", () => {
  it("recognises askcode's answers, from a model or from retrieval", async () => {
    expect(isAnswerComment(await answerBody("gpt-4o"))).toBe(true);
    expect(isAnswerComment(await answerBody())).toBe(true);
  });

  it("recognises an answer whose footer is folded into its details, the footer its section's last line", async () => {
    const body = await answerBody("gpt-4o", true);
    const lines = body.split("\n");

    expect(lines.at(-1)).toBe("</details>");
    expect(lines.at(-2)).toMatch(/^<sub>askcode · gpt-4o · 2,048 tokens · /);
    expect(body.indexOf("<summary>Context used")).toBeLessThan(
      body.indexOf("<sub>askcode"),
    );
    expect(isAnswerComment(body)).toBe(true);
    // Read back as an earlier answer, it is the same as with the footer shown.
    expect(readAnswerComment(body, repository)).toStrictEqual(
      readAnswerComment(await answerBody("gpt-4o"), repository),
    );
  });

  it("does not take askcode's notices for answers", async () => {
    const notices = [
      renderProgressComment([{ kind: "searching" }]),
      renderProgressComment([
        { kind: "searching" },
        { kind: "thinking", maxSteps: 8 },
        {
          kind: "tool",
          step: 2,
          maxSteps: 8,
          name: "read_file_contents",
          arguments: { path: "src/retry.ts" },
        },
      ]),
      await renderFailureComment({ kind: "model-unavailable" }),
      await renderFailureComment(
        { kind: "time-limit", seconds: 120 },
        { repository: { ...repository, askedRef: "v2" } },
      ),
      renderInterruptedComment(
        { kind: "question", question: "why?" },
        "askcode",
      ),
      renderAnswerMovedComment(1_234),
      renderLimitNotice(
        { scope: "user", name: "octocat", limit: 5 },
        3_600_000,
        0,
      ),
    ];
    for (const body of notices) expect(isAnswerComment(body)).toBe(false);
  });
});

describe("readAnswerComment", () => {
  it("reads the answer without its context list and footer, and the places it cited once each", async () => {
    const read = readAnswerComment(await answerBody("gpt-4o"), repository);
    expect(read?.text).toBe(
      `An upload is retried on 429 and 5xx ([shouldRetryUpload](${RETRY_LINK})), at most [five times](${MAX_LINK}); see also ${RETRY_LINK}.`,
    );
    // config.py was only in the context list: read, not cited.
    expect(read?.cited).toEqual([
      `src/upload.ts:4-7 @ ${SHA.slice(0, 7)}`,
      `src/upload.ts:9 @ ${SHA.slice(0, 7)}`,
    ]);
  });

  it("reads nothing from a notice", async () => {
    expect(
      readAnswerComment(
        await renderFailureComment({ kind: "internal" }),
        repository,
      ),
    ).toBeUndefined();
  });
});
