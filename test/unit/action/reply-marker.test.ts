import { describe, expect, it } from "@jest/globals";
import { contextReport } from "../../../src/action/context-report.js";
import {
  replyMarker,
  withReplyMarker,
} from "../../../src/action/reply-marker.js";
import { isAnswerComment } from "../../../src/answer/render-footer.js";

const ANSWER = [
  "It gives up in `should_give_up`.",
  "",
  "<details>",
  "<summary>Context used (1 file, 40 tokens)</summary>",
  "",
  "- [`src/upload.py`](https://github.com/o/r/blob/9fceb02d0ae598e95dc970b74767f19372d61af8/src/upload.py) lines [3-6](https://github.com/o/r/blob/9fceb02d0ae598e95dc970b74767f19372d61af8/src/upload.py#L3-L6) · 40 tokens",
  "",
  "</details>",
  "",
  "<sub>askcode · retrieval only, no model · 2.1s · read at [9fceb02](https://github.com/o/r/commit/9fceb02d0ae598e95dc970b74767f19372d61af8)</sub>",
].join("\n");

describe("the reply marker", () => {
  it("opens the reply once, and leaves it an answer to every reader", () => {
    const marked = withReplyMarker(ANSWER, "comment:1362343011");

    expect(marked).toBe(
      `<!-- askcode:reply-to comment:1362343011 -->\n${ANSWER}`,
    );
    expect(withReplyMarker(marked, "comment:1362343011")).toBe(marked);
    expect(isAnswerComment(marked)).toBe(true);
  });

  it("leaves a reply already at GitHub's length limit unmarked, which GitHub would refuse whole", () => {
    const long = "x".repeat(65_536 - 10);

    expect(withReplyMarker(long, "comment:1")).toBe(long);
  });

  it("never closes its HTML comment early on a mission's name", () => {
    expect(replyMarker("issue:1:mission:a--b:2026")).toBe(
      "<!-- askcode:reply-to issue:1:mission:a-%2Db:2026 -->",
    );
  });
});

describe("contextReport", () => {
  it("is the answer's Context used section, and empty for a reply without one", () => {
    expect(contextReport(ANSWER)).toBe(
      ANSWER.slice(
        ANSWER.indexOf("<details>"),
        ANSWER.indexOf("</details>") + 10,
      ),
    );
    expect(contextReport("askcode could not finish an answer.")).toBe("");
  });
});
