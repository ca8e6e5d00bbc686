import {
  findMention,
  mentionSpans,
  mentionsAnyone,
  tidy,
} from "../../../src/question/find-mention.js";

const ask = (text: string) => findMention(text, "askcode");

describe("findMention", () => {
  describe("counts a whole @handle", () => {
    it.each([
      ["@askcode where is retry decided?", "where is retry decided?"],
      ["@AskCode where is retry decided?", "where is retry decided?"], // case
      ["@ASKCODE: where?", "where?"], // a colon after it goes with it
      ["@askcode, where?", "where?"], // so does a comma
      ["where is retry decided, @askcode?", "where is retry decided?"],
      ["please @askcode explain the cache", "please explain the cache"],
      ["(@askcode) why", "() why"],
      ["@askcode[bot] what now", "what now"], // as GitHub shows the app
      ["@askcode\u00a0how", "how"], // a no-break space after it
    ])("%j → %j", (text, question) => {
      expect(ask(text)).toStrictEqual({ question });
    });
  });

  describe("does not count what only looks like one", () => {
    it.each([
      ["a longer name", "@askcode-bot what?"],
      ["a longer name with _", "@askcode_x what?"],
      ["a different name", "@askcodes what?"],
      ["an email", "write to me@askcode.dev"],
      ["an email after a non-ASCII letter", "é@askcode"],
      ["a domain", "see @askcode.com"],
      ["a team", "cc @askcode/maintainers"],
      ["a path", "https://example.com/@askcode"],
      [
        "a possessive: talking about it, not to it",
        "@askcode's answer was wrong",
      ],
      ["a curly possessive", "@askcode’s answer was wrong"],
      ["no @", "askcode, where?"],
    ])("%s: %j", (_, text) => {
      expect(ask(text)).toBeUndefined();
    });
  });

  describe("ignores mentions that are shown, not made", () => {
    it.each([
      ["inline code", "run `@askcode why` to ask"],
      ["inline code with a longer fence", "``the `@askcode` bot``"],
      ["a fenced block", "```\n@askcode why\n```\nthat is how you ask"],
      ["a fenced block with an info string", "```md\n@askcode why\n```"],
      ["a tilde fence", "~~~\n@askcode why\n~~~"],
      ["an unclosed fence, to the end", "```\n@askcode why"],
      ["a fence in a list item", "- step\n  ```\n  @askcode why\n  ```"],
      ["a quoted line", "> @askcode why"],
      ["an indented quote", "   > @askcode why"],
      ["a quote in a list item", "- > @askcode why"],
      ["the lazy line of a quoted paragraph", "> the bot said\n@askcode why"],
      ["an HTML comment", "<!-- @askcode why -->"],
      ["an HTML comment over lines", "<!--\nask @askcode\n-->\nthanks"],
    ])("%s", (_, text) => {
      expect(ask(text)).toBeUndefined();
    });

    it("counts the mention after a quote's paragraph ends", () => {
      expect(ask("> @askcode how?\ncontinued\n\n@askcode why?")).toStrictEqual({
        question: "> @askcode how?\ncontinued\n\nwhy?",
      });
    });

    it("counts the mention after a fence closes, keeping the code as part of the question", () => {
      expect(
        ask("```ts\nretry(3)\n```\n@askcode why does this give up after 3?"),
      ).toStrictEqual({
        question: "```ts\nretry(3)\n```\nwhy does this give up after 3?",
      });
    });

    it("counts a mention beside unclosed backticks, which are literal", () => {
      expect(ask("`unclosed @askcode why")).toStrictEqual({
        question: "`unclosed why",
      });
    });

    it("does not close a tilde fence with backticks", () => {
      expect(ask("~~~\n```\n@askcode\n~~~\n@askcode ok")).toStrictEqual({
        question: "~~~\n```\n@askcode\n~~~\nok",
      });
    });
  });

  describe("the question", () => {
    it("is the whole comment without the mention when the mention stands alone", () => {
      expect(
        ask(
          "@askcode\n\nThe upload fails with:\n\n```\nTimeoutError: gave up\n```\nWhere is that decided?",
        ),
      ).toStrictEqual({
        question:
          "The upload fails with:\n\n```\nTimeoutError: gave up\n```\nWhere is that decided?",
      });
    });

    it("drops every mention, once asked twice", () => {
      expect(ask("Hi @askcode @askcode what is X?")).toStrictEqual({
        question: "Hi what is X?",
      });
    });

    it("drops an issue template's HTML comments", () => {
      expect(
        ask(
          "<!-- Describe the bug -->\n@askcode why does X crash?\n<!-- Steps -->",
        ),
      ).toStrictEqual({ question: "why does X crash?" });
    });

    it("keeps the spacing inside lines, which may be code", () => {
      expect(ask("@askcode why is `a  =  1` slow?")).toStrictEqual({
        question: "why is `a  =  1` slow?",
      });
    });

    it.each([
      "@askcode",
      "cc @askcode",
      "/cc @askcode",
      "Hey @askcode!",
      "@askcode please",
      "ping @askcode.",
    ])(
      "is empty for %j: nothing but the summons, so the issue is the question",
      (text) => {
        expect(ask(text)).toStrictEqual({ question: "" });
      },
    );
  });

  it("accepts the handle with its @, in any case", () => {
    expect(findMention("@askcode why?", "@AskCode")).toStrictEqual({
      question: "why?",
    });
  });
});

describe("mentionSpans", () => {
  it("gives each mention's offsets, with the punctuation that goes with it", () => {
    expect(mentionSpans("hi @bot: x @Bot, y", "bot")).toStrictEqual([
      [3, 8],
      [11, 16],
    ]);
  });

  it("finds nothing for an empty handle", () => {
    expect(mentionSpans("@ hi", "@")).toStrictEqual([]);
  });
});

describe("tidy", () => {
  it("drops comments, trailing spaces and extra blank lines", () => {
    expect(tidy("<!-- hint -->\nwhy?  \n\n\n\nbecause <!-- unclosed")).toBe(
      "why?\n\nbecause",
    );
  });
});

describe("mentionsAnyone", () => {
  it.each([
    ["@askcode where?", true],
    ["where, @helper?", true],
    ["cc @octo-cat", true],
    ["@Helper[bot] why", true],
    ["no mention at all", false],
    ["write to me@askcode.dev", false], // an email
    ["cc @askcode/maintainers", false], // a team
    ["@helper's answer was wrong", false], // a possessive
    ["run `@helper why`", false], // in code
    ["> @helper why", false], // quoted
    ["<!-- @helper -->", false], // an HTML comment
    ["just an @ sign", false],
  ])("%j → %s", (text, expected) => {
    expect(mentionsAnyone(text)).toBe(expected);
  });
});
