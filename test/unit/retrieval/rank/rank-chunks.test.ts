import { rankOver } from "../../../helpers/rank-over.js";
import type { RankedChunk } from "../../../../src/retrieval/rank/rank-chunks.js";
import type { SourceFile } from "../../../../src/retrieval/types.js";

const files: SourceFile[] = [
  {
    path: "pkg/units/decorators.py",
    text: [
      "import functools",
      "",
      "",
      "def quantity_input(func=None, **kwargs):",
      '    """Check the units of arguments."""',
      "    @functools.wraps(func)",
      "    def wrapper(*args):",
      "        result = func(*args)",
      "        return result.to(kwargs['unit'])",
      "    return wrapper",
      "",
      "",
      "def other_decorator(func):",
      "    return func",
      "",
    ].join("\n"),
  },
  {
    path: "pkg/units/core.py",
    text: [
      "from .decorators import quantity_input",
      "",
      "",
      "def convert(value, unit):",
      '    """Convert with quantity_input checks; see quantity_input."""',
      "    return quantity_input(value)",
      "",
    ].join("\n"),
  },
  {
    path: "pkg/io/fitsrec.py",
    text: [
      "def scale_back(field, format):",
      "    if 'D' in format:",
      "        field.replace('E', 'D')",
      "    return field",
      "",
      "",
      "def unrelated():",
      "    return 0",
      "",
    ].join("\n"),
  },
  {
    path: "pkg/io/errors.py",
    text: "def check_header(header):\n    if not header:\n        raise KeyError('header card is missing a keyword value')\n    return header\n",
  },
  {
    path: "tests/test_convert.py",
    text: "def test_convert_value_unit():\n    assert convert_value_unit(1, 'm')\n",
  },
  {
    path: "pkg/convert_value.py",
    text: "def convert_value_unit(value, unit):\n    assert convert_value_unit(1, 'm')\n",
  },
];
const rank = rankOver(files);
const where = (r: RankedChunk | undefined): string =>
  r ? `${r.chunk.path}:${r.chunk.startLine}` : "none";

describe("rankChunks", () => {
  it("ranks the chunk that defines a queried symbol above chunks that mention it more", () => {
    const ranked = rank("`quantity_input` fails for constructors");
    expect(where(ranked[0])).toBe("pkg/units/decorators.py:4");
    expect(ranked[0]!.chunk.defines).toContain("quantity_input");
    const definition = ranked[0]!.why.find((w) => w.kind === "definition");
    expect(definition).toMatchObject({ detail: "declares quantity_input" });
    const mention = ranked.find((r) => r.chunk.path === "pkg/units/core.py");
    expect(mention).toBeDefined();
    expect(mention!.why.some((w) => w.kind === "definition")).toBe(false);
  });

  it("uses a mentioned path even when its words are weak", () => {
    const ranked = rank("Possible bug in fitsrec.py: replace is not in place");
    expect(ranked[0]?.chunk.path).toBe("pkg/io/fitsrec.py");
    expect(ranked[0]?.why).toContainEqual(
      expect.objectContaining({ kind: "place", detail: "path fitsrec.py" }),
    );
  });

  it("resolves a traceback's installed path and boosts the chunk holding the frame's line", () => {
    const ranked = rank(
      'Traceback (most recent call last):\n  File "/usr/lib/python3.9/site-packages/pkg/io/fitsrec.py", line 3, in scale_back\nTypeError: boom',
    );
    expect(where(ranked[0])).toBe("pkg/io/fitsrec.py:1");
    expect(ranked[0]?.why).toContainEqual(
      expect.objectContaining({ kind: "stack-frame" }),
    );
    const unrelated = ranked.find((r) => r.chunk.defines.includes("unrelated"));
    expect(unrelated!.score).toBeLessThan(ranked[0]!.score);
  });

  it("finds an error message written literally in the code", () => {
    const ranked = rank(
      "KeyError: 'header card is missing a keyword value' when reading",
    );
    expect(ranked[0]?.chunk.path).toBe("pkg/io/errors.py");
    expect(ranked[0]?.why).toContainEqual(
      expect.objectContaining({ kind: "phrase" }),
    );
  });

  it("prefers the code over its test when both match alike", () => {
    const ranked = rank("convert_value_unit gives the wrong unit");
    expect(ranked[0]?.chunk.path).toBe("pkg/convert_value.py");
    const test = ranked.find((r) => r.chunk.path.startsWith("tests/"));
    expect(test?.why).toContainEqual(
      expect.objectContaining({ kind: "file-kind", detail: "test file ×0.5" }),
    );
  });

  it("explains every score: the contributions add up to it", () => {
    const ranked = rank(
      "`quantity_input` in pkg/units/core.py raises TypeError",
    );
    expect(ranked.length).toBeGreaterThan(3);
    for (const r of ranked) {
      const sum = r.why.reduce((total, w) => total + w.points, 0);
      expect(sum).toBeCloseTo(r.score, 6);
      for (const term of r.matchedTerms)
        expect(
          r.why.some(
            (w) => w.kind === "term" && w.detail.startsWith(`"${term}"`),
          ),
        ).toBe(true);
    }
  });

  it("returns nothing for a question that matches nothing", () => {
    expect(rank("zzzz qqqq")).toEqual([]);
  });
});
