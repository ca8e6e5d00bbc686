import { cutMarkdown, fitComment } from "../../../src/answer/fit-comment.js";

describe("cutMarkdown", () => {
  it("leaves text that fits alone", () => {
    expect(cutMarkdown("short", 10)).toBe("short");
  });

  it("cuts at a line and closes the code block it was in", () => {
    const md =
      "intro\n````ts\nconst a = 1;\nconst b = 2;\nconst c = 3;\n````\nend";
    expect(cutMarkdown(md, 40)).toBe("intro\n````ts\nconst a = 1;\n````");
  });

  it("does not close a block that was already closed", () => {
    const md = "```\na\n```\n" + "word ".repeat(20);
    expect(cutMarkdown(md, 30)).toBe("```\na\n```");
  });
});

describe("fitComment", () => {
  const details = ({
    maxFiles,
    brief,
  }: {
    maxFiles?: number;
    brief: boolean;
  }) =>
    `<details>${"f".repeat(maxFiles ?? 50)}${brief ? "" : "g".repeat(20)}</details>`;

  it("drops the grounding list first, then files, keeping the answer whole", () => {
    expect(
      fitComment({
        answer: "a".repeat(10),
        details,
        fileCount: 50,
        footer: "z",
        limit: 110,
      }),
    ).toEqual({
      body: `${"a".repeat(10)}\n\n<details>${"f".repeat(50)}${"g".repeat(20)}</details>\n\nz`,
      trimmed: "none",
    });
    const brief = fitComment({
      answer: "a".repeat(10),
      details,
      fileCount: 50,
      footer: "z",
      limit: 85,
    });
    expect(brief).toEqual({
      body: `${"a".repeat(10)}\n\n<details>${"f".repeat(50)}</details>\n\nz`,
      trimmed: "details",
    });
    const fewer = fitComment({
      answer: "a".repeat(10),
      details,
      fileCount: 50,
      footer: "z",
      limit: 60,
    });
    expect(fewer.body.length).toBe(60);
    expect(fewer.body).toContain(`<details>${"f".repeat(26)}</details>`);
  });
});
