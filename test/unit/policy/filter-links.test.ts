import { filterLinks } from "../../../src/policy/filter-links.js";
import { createLinkPolicy } from "../../../src/policy/link-policy.js";

const SHA = "6dcb09b5b57875f334f61aebed695e2e4193db5e";
const AT = `https://github.com/o/r/blob/${SHA}/a.ts#L3`;
const policy = createLinkPolicy({
  repository: { owner: "o", repo: "r", sha: SHA },
  allowedHosts: ["docs.python.org"],
});
const filter = (markdown: string) => filterLinks(markdown, policy).text;

describe("filterLinks", () => {
  it.each([
    [
      "an outside link keeps its text",
      "see [docs](https://evil.test/?d=1).",
      "see docs.",
    ],
    [
      "an image says it was dropped",
      "![chart](https://evil.test/c.png?d=1)",
      "`image not shown: chart`",
    ],
    [
      "a reference image and its definition",
      "![c][1]\n\n[1]: https://evil.test/c.png",
      "`image not shown: c`\n\n",
    ],
    [
      "a bare address becomes code",
      "go to https://evil.test/x?d=1.",
      "go to `https://evil.test/x?d=1`.",
    ],
    [
      "an escaped address too",
      "go to https\\://evil.test/x",
      "go to `https://evil.test/x`",
    ],
    ["an autolink", "<https://evil.test/x>", "`https://evil.test/x`"],
    [
      "a link whose text is an address",
      "[https://evil.test](https://evil.test)",
      "`https://evil.test`",
    ],
    [
      "an image inside a link",
      "[![i](https://evil.test/i.png)](https://evil.test)",
      "`image not shown: i`",
    ],
    [
      "a lone <img>",
      'a <img src="https://evil.test/i.gif"> b',
      "a `image not shown` b",
    ],
    [
      "an <a href> keeps its text",
      '<a href="https://evil.test">docs</a>!',
      "docs</a>!",
    ],
    ["a javascript: link", "[x](javascript:alert(1))", "x"],
  ])("%s", (_what, input, expected) => {
    expect(filter(input)).toBe(expected);
  });

  it("shows an HTML block that loads from elsewhere as text, its addresses as code", () => {
    const out = filter(
      '<picture>\n<source srcset="https://evil.test/d.png">\n</picture>',
    );
    expect(out).toBe(
      '&lt;picture>\n&lt;source srcset="`https://evil.test/d.png">`\n&lt;/picture>',
    );
  });

  it.each([
    `[\`a.ts:3\`](${AT}) and ${AT}`,
    "[py](https://docs.python.org/3/) and #anchor [here](#retries)",
    "<details><summary>More</summary>\n\nText with <kbd>Ctrl</kbd>.\n\n</details>",
    "```\ncurl https://evil.test/?d=1\n```\nand `https://evil.test` in code",
  ])("leaves what is allowed byte for byte: %j", (markdown) => {
    expect(filterLinks(markdown, policy)).toEqual({
      text: markdown,
      changed: 0,
    });
  });
});
