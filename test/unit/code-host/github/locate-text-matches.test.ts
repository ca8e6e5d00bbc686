import type { CodeSearchItem } from "../../../../src/code-host/github/code-search-response.js";
import { locateTextMatches } from "../../../../src/code-host/github/locate-text-matches.js";

function item(
  textMatches: Array<{
    fragment: string;
    matches: Array<{ text: string; indices: number[] }>;
    property?: string;
  }>,
): CodeSearchItem {
  return {
    path: "src/loop.py",
    repository: { full_name: "octo-org/hello-world" },
    score: 1,
    text_matches: textMatches.map((m) => ({
      property: m.property ?? "content",
      fragment: m.fragment,
      matches: m.matches,
    })),
  };
}

const LOOP = [
  "def step():",
  "    tick()",
  "",
  "def run():",
  "    tick()",
  "    done()",
].join("\r\n");

describe("locateTextMatches", () => {
  it("counts lines in files with CRLF endings, fragments too", () => {
    const found = locateTextMatches(
      item([
        {
          fragment: "def run():\r\n    tick()\r\n    done()",
          matches: [{ text: "done", indices: [28, 32] }],
        },
      ]),
      LOOP,
      1,
    );

    expect(found.unplaced).toBe(0);
    expect(found.hits).toStrictEqual([
      {
        path: "src/loop.py",
        line: 6,
        matchedLine: "    done()",
        context: {
          startLine: 3,
          lines: ["", "def run():", "    tick()", "    done()"],
        },
        score: 1,
        mode: "code-search",
        matchedTerms: ["done"],
      },
    ]);
  });

  it("places a repeated fragment at its next occurrence", () => {
    const fragment = "    tick()";
    const found = locateTextMatches(
      item([
        { fragment, matches: [{ text: "tick", indices: [4, 8] }] },
        { fragment, matches: [{ text: "tick", indices: [4, 8] }] },
      ]),
      LOOP,
      1,
    );

    expect(found.hits.map((h) => h.line)).toStrictEqual([2, 5]);
  });

  it("trusts the match text over indices that do not cover it, and merges matches on one line", () => {
    const found = locateTextMatches(
      item([
        {
          // Indices counted in bytes, say: "é" is two bytes, one character.
          fragment: "café = tick(); tock()",
          matches: [
            { text: "tick", indices: [8, 12] },
            { text: "tock", indices: [16, 20] },
          ],
        },
      ]),
      "x = 1\ncafé = tick(); tock()\n",
      0.5,
    );

    expect(found.hits).toHaveLength(1);
    expect(found.hits[0]).toMatchObject({
      line: 2,
      matchedTerms: ["tick", "tock"],
      score: 0.5,
    });
  });

  it("ignores path matches and counts matches it cannot find anywhere", () => {
    const found = locateTextMatches(
      item([
        {
          property: "path",
          fragment: "src/loop.py",
          matches: [{ text: "loop", indices: [4, 8] }],
        },
        {
          fragment: "def walk():\n    stride()",
          matches: [{ text: "stride", indices: [16, 22] }],
        },
      ]),
      LOOP,
      1,
    );

    expect(found).toStrictEqual({ hits: [], unplaced: 1 });
  });
});
