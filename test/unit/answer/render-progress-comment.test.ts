import { renderProgressComment } from "../../../src/answer/render-progress-comment.js";

describe("renderProgressComment", () => {
  it("says where the run is, in the comment that the answer will replace", () => {
    expect(renderProgressComment({ stage: "searching" }))
      .toMatchInlineSnapshot(`
     "⏳ Searching the code…

     <sub>askcode · this comment will be updated with the answer</sub>"
    `);
  });

  it.each([
    [
      { stage: "queued" } as const,
      "⏳ Queued: askcode will start on this question in a moment…",
    ],
    [{ stage: "reading", files: 12 } as const, "⏳ Reading 12 files…"],
    [{ stage: "reading", files: 1 } as const, "⏳ Reading 1 file…"],
    [{ stage: "reading", files: 1_200 } as const, "⏳ Reading 1,200 files…"],
    [
      { stage: "thinking", step: 2, maxSteps: 8 } as const,
      "⏳ Working through the code (step 2 of 8)…",
    ],
    [{ stage: "writing" } as const, "⏳ Writing the answer…"],
  ])("%j", (stage, first) => {
    expect(renderProgressComment(stage).split("\n")[0]).toBe(first);
  });
});
