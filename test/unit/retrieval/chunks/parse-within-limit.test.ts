import { jest } from "@jest/globals";
import { parserFor } from "../../../../src/retrieval/chunks/load-grammar.js";
import { parseWithinLimit } from "../../../../src/retrieval/chunks/parse-within-limit.js";

// Enough code that the parser reports its progress while it works.
const LONG = Array.from(
  { length: 2000 },
  (_, i) => `def step_${i}(value):\n    return value + ${i}\n`,
).join("\n");

// C++ whose every statement the grammar must read two ways (a cast or a
// subtraction): about 85 progress reports per KB, where real code makes at
// most 26.
const AMBIGUOUS_CPP = "(a)(b)(c)(d)-x;\n".repeat(500);

const SMALL = "def f():\n    return 1\n";
const SMALL_TREE =
  "(module (function_definition name: (identifier) parameters: (parameters) body: (block (return_statement (integer)))))";

function treeOf(parse: () => ReturnType<typeof parseWithinLimit>) {
  const tree = parse();
  try {
    return tree?.rootNode.toString();
  } finally {
    tree?.delete();
  }
}

describe("parseWithinLimit", () => {
  afterEach(() => jest.restoreAllMocks());

  it("parses a file within its limit", async () => {
    const tree = parseWithinLimit(await parserFor("python"), LONG);
    try {
      expect(tree?.rootNode.namedChildCount).toBe(2000);
    } finally {
      tree?.delete();
    }
  });

  it("gives up on a file that takes more work than its size allows, and the parser starts afresh after", async () => {
    const parser = await parserFor("cpp");
    expect(treeOf(() => parseWithinLimit(parser, AMBIGUOUS_CPP))).toBeDefined();
    expect(
      parseWithinLimit(parser, AMBIGUOUS_CPP, { base: 0, perKb: 50 }),
    ).toBeUndefined();
    const python = await parserFor("python");
    expect(
      treeOf(() => parseWithinLimit(python, SMALL, { base: 0, perKb: 50 })),
    ).toBe(SMALL_TREE);
    expect(treeOf(() => parseWithinLimit(parser, "int x;\n"))).toBe(
      "(translation_unit (declaration type: (primitive_type) declarator: (identifier)))",
    );
  });

  it("reads no clock: a clock that jumps an hour at each read changes nothing", async () => {
    const parser = await parserFor("python");
    const expected = treeOf(() => parseWithinLimit(parser, LONG));
    let hours = 0;
    const jump = () => 3_600_000 * hours++;
    jest.spyOn(performance, "now").mockImplementation(jump);
    jest.spyOn(Date, "now").mockImplementation(jump);
    expect(treeOf(() => parseWithinLimit(parser, LONG))).toBe(expected);
    expect(hours).toBe(0);
  });

  it("leaves a terminal's coloured output to blank-line cuts, and parses code that holds a few escapes", async () => {
    const parser = await parserFor("python");
    const coloured = Array.from(
      { length: 200 },
      (_, i) =>
        `\u001b[38;5;81mdef\u001b[0m \u001b[38;5;149mstep_${i}\u001b[0m(value):`,
    ).join("\n");
    expect(parseWithinLimit(parser, coloured)).toBeUndefined();
    const printsColour = `RED = "\u001b[31m"\n${LONG}`;
    expect(
      treeOf(() => parseWithinLimit(parser, printsColour))?.startsWith(
        "(module (expression_statement (assignment",
      ),
    ).toBe(true);
    expect(treeOf(() => parseWithinLimit(parser, ""))).toBe("(module)");
  });
});
