import type { ProgressEvent } from "../../../src/answer/render-progress-comment.js";
import { answerQuestion } from "../../../src/run/answer-question.js";
import { createFakeClock } from "../../helpers/fake-clock.js";
import { retrievalAnswerInput } from "../../helpers/retrieval-answer-input.js";

const SHA = "6dcb09b5b57875f334f61aebed695e2e4193db5e";
const FILES = {
  "src/retry.ts":
    "export function shouldRetry(status: number): boolean {\n  return status >= 500;\n}\n",
};

describe("answerQuestion without a model", () => {
  it("reports the search and the files it read, and its answer says how long the run took", async () => {
    const clock = createFakeClock();
    const startedAt = clock.now();
    // The question waited 2.5 s (posting the comment, reading the thread) before this call.
    clock.advance(2_500);
    const events: ProgressEvent[] = [];
    const rendered = await answerQuestion(
      retrievalAnswerInput(SHA, FILES, {
        asked: { question: "when does shouldRetry retry?" },
        services: {
          clock,
          progress: (event) => void events.push(event),
          startedAt,
        },
      }),
    );

    expect(events).toStrictEqual([
      { kind: "searching" },
      { kind: "searched", files: 1 },
      { kind: "read", paths: ["src/retry.ts"] },
    ]);
    expect(rendered.body).toMatch(
      /<sub>askcode · retrieval only, no model · 2\.5s · read at \[6dcb09b\]/,
    );
  });
});
