import { neutralizeMentions } from "../../../src/policy/neutralize-mentions.js";

describe("neutralizeMentions", () => {
  it("puts mentions in prose in code spans, so they do not notify", () => {
    expect(
      neutralizeMentions("Ask @octocat and @octo-org/core-team about it."),
    ).toStrictEqual({
      text: "Ask `@octocat` and `@octo-org/core-team` about it.",
      mentions: 2,
    });
  });

  it("leaves code, emails and URLs as they are", () => {
    const markdown = [
      "Mail a@b.com, see `@decorator` and [the docs](https://example.com/@scope/pkg).",
      "",
      "```python",
      "@dataclass",
      "class Upload: ...",
      "```",
      "",
    ].join("\n");
    expect(neutralizeMentions(markdown)).toStrictEqual({
      text: markdown,
      mentions: 0,
    });
  });

  it("keeps the text around a fenced block intact", () => {
    const { text } = neutralizeMentions("Hi @a\n\n```\n@b\n```\nBye @c\n");
    expect(text).toBe("Hi `@a`\n\n```\n@b\n```\nBye `@c`\n");
  });
});
