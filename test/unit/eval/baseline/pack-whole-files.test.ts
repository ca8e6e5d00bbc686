import {
  packWholeFiles,
  renderWholeFile,
} from "../../../../src/eval/baseline/pack-whole-files.js";
import type { TokenCounter } from "../../../../src/tokens/token-counter.js";

// One token per character keeps the arithmetic visible.
const chars: TokenCounter = {
  encodingName: "chars",
  count: (text) => text.length,
};
const texts = new Map([
  ["big.py", "x = 1\n".repeat(20)],
  ["small.py", "y = 2\n"],
  ["empty.py", ""],
  ["tiny.py", "z\n"],
]);
const ranked = ["big.py", "empty.py", "small.py", "tiny.py"];
const size = (path: string) =>
  renderWholeFile(path, texts.get(path) as string).length;

describe("packWholeFiles", () => {
  it("renders a whole file under askcode's header", () => {
    expect(renderWholeFile("small.py", "y = 2\r\n")).toBe(
      "small.py (all 1 lines)\n```python\ny = 2\n```",
    );
  });

  it('"skip" leaves out a file that does not fit and goes on, as SWE-bench does', () => {
    const budget = size("small.py") + 2 + size("tiny.py");
    const packed = packWholeFiles({
      ranked,
      text: (p) => texts.get(p),
      budget,
      tokenCounter: chars,
      fill: "skip",
    });
    expect(packed.files.map((f) => f.path)).toEqual(["small.py", "tiny.py"]);
    expect(packed.leftOut).toEqual(["big.py"]);
    expect(packed.tokensUsed).toBe(budget);
    expect(packed.text).toBe(
      `${renderWholeFile("small.py", "y = 2\n")}\n\n${renderWholeFile("tiny.py", "z\n")}`,
    );
  });

  it('"stop" stops at the first file that does not fit', () => {
    const budget = size("small.py") + 2 + size("tiny.py");
    const packed = packWholeFiles({
      ranked,
      text: (p) => texts.get(p),
      budget,
      tokenCounter: chars,
      fill: "stop",
    });
    expect(packed.files).toEqual([]);
    expect(packed.leftOut).toEqual(["big.py", "small.py", "tiny.py"]);
    expect(packed.text).toBe("");
  });

  it("never exceeds the budget", () => {
    for (let budget = 0; budget < 250; budget += 7) {
      const packed = packWholeFiles({
        ranked,
        text: (p) => texts.get(p),
        budget,
        tokenCounter: chars,
        fill: "skip",
      });
      expect(packed.tokensUsed).toBeLessThanOrEqual(budget);
      expect(chars.count(packed.text)).toBe(packed.tokensUsed);
    }
  });
});
