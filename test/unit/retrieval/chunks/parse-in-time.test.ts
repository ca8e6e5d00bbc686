import { parserFor } from "../../../../src/retrieval/chunks/load-grammar.js";
import { parseInTime } from "../../../../src/retrieval/chunks/parse-in-time.js";

// Enough code that the parser reports its progress while it works.
const LONG = Array.from(
  { length: 2000 },
  (_, i) => `def step_${i}(value):\n    return value + ${i}\n`,
).join("\n");

describe("parseInTime", () => {
  it("parses a file in its time", async () => {
    const tree = parseInTime(await parserFor("python"), LONG);
    try {
      expect(tree?.rootNode.namedChildCount).toBe(2000);
    } finally {
      tree?.delete();
    }
  });

  it("gives up on a file that takes longer than its size allows, and the parser starts afresh after", async () => {
    const parser = await parserFor("python");
    // A clock that jumps a minute each time it is read: past the deadline
    // at the parser's first report.
    let minutes = 0;
    const now = () => 60_000 * minutes++;
    expect(parseInTime(parser, LONG, now)).toBeUndefined();
    expect(minutes).toBeGreaterThan(1);
    const tree = parseInTime(parser, "def f():\n    return 1\n");
    try {
      expect(tree?.rootNode.toString()).toBe(
        "(module (function_definition name: (identifier) parameters: (parameters) body: (block (return_statement (integer)))))",
      );
    } finally {
      tree?.delete();
    }
  });
});
