import { appendAnswerNote } from "../../../src/answer/append-answer-note.js";
import { isAnswerComment } from "../../../src/answer/render-footer.js";

const FOOTER =
  "<sub>askcode · gpt-4o · 1,024 tokens · read at [9fceb02](https://github.com/o/r/commit/9fceb02d0ae598e95dc970b74767f19372d61af8)</sub>";
const DETAILS =
  "<details>\n<summary>Context used (1 file, 10 tokens)</summary>\n\n- `src/a.ts`\n\n</details>";
const NOTE = "> [!NOTE]\n> The code changed.\n<!-- m -->";

describe("appendAnswerNote", () => {
  it("puts the note after the answer, before the details and the footer, still an answer", () => {
    const noted = appendAnswerNote(
      `It retries twice.\n\n${DETAILS}\n\n${FOOTER}`,
      NOTE,
      "<!-- m -->",
    );
    expect(noted).toBe(
      `It retries twice.\n\n${NOTE}\n\n${DETAILS}\n\n${FOOTER}`,
    );
    expect(isAnswerComment(noted!)).toBe(true);
  });

  it("puts it before the footer when there are no details, and before the details when the footer is folded in them", () => {
    expect(
      appendAnswerNote(`It retries.\n\n${FOOTER}`, NOTE, "<!-- m -->"),
    ).toBe(`It retries.\n\n${NOTE}\n\n${FOOTER}`);
    const folded = `It retries.\n\n${DETAILS.replace("\n</details>", `${FOOTER}\n</details>`)}`;
    const noted = appendAnswerNote(folded, NOTE, "<!-- m -->");
    expect(noted!.indexOf(NOTE)).toBeLessThan(noted!.indexOf("<details>"));
    expect(isAnswerComment(noted!)).toBe(true);
  });

  it("adds nothing to a comment that is no answer, or already has the note", () => {
    expect(
      appendAnswerNote("Rewritten by a maintainer.", NOTE, "<!-- m -->"),
    ).toBeUndefined();
    expect(
      appendAnswerNote(`A.\n\n${NOTE}\n\n${FOOTER}`, NOTE, "<!-- m -->"),
    ).toBeUndefined();
  });

  it("lets the details give way when the note would not fit GitHub's limit", () => {
    const body = `It retries.\n\n${DETAILS}\n\n${FOOTER}`;
    const limit = body.length + NOTE.length;
    expect(appendAnswerNote(body, NOTE, "<!-- m -->", limit)).toBe(
      `It retries.\n\n${NOTE}\n\n${FOOTER}`,
    );
  });
});
