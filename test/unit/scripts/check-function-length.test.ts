import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import {
  LONGEST_FUNCTION_LINES,
  measureFunctions,
  measureSource,
  tooLongMessage,
} from "../../../scripts/check-function-length.js";

/** A function named `name` whose body has `statements` lines. */
function functionOf(name: string, statements: number): string {
  const body = Array.from({ length: statements }, (_, i) => `  void ${i};`);
  return [`export function ${name}() {`, ...body, "}"].join("\n");
}

describe("scripts/check-function-length.ts", () => {
  it("counts a closure in the function that holds it, not on its own", () => {
    const text = [
      "export function outer() {",
      "  const inner = () => {",
      "    return 1;",
      "  };",
      "  return inner;",
      "}",
      "export const arrow = (x: number) =>",
      "  x + 1;",
      "class C {",
      "  method() {",
      "    return 2;",
      "  }",
      "}",
    ].join("\n");
    expect(measureFunctions("a.ts", text)).toEqual([
      { file: "a.ts", name: "outer", line: 1, lines: 6 },
      { file: "a.ts", name: "arrow", line: 7, lines: 2 },
      { file: "a.ts", name: "method", line: 10, lines: 3 },
    ]);
  });

  it("names each function over the limit, longest first, and passes one at the limit", () => {
    const root = mkdtempSync(join(tmpdir(), "askcode-function-length-"));
    try {
      mkdirSync(join(root, "src", "deep"), { recursive: true });
      // A function spanning exactly the limit: its two lines of braces count.
      writeFileSync(
        join(root, "src", "fits.ts"),
        functionOf("fits", LONGEST_FUNCTION_LINES - 2),
      );
      writeFileSync(
        join(root, "src", "deep", "long.ts"),
        `// one line before\n${functionOf("tooLong", LONGEST_FUNCTION_LINES)}`,
      );
      writeFileSync(
        join(root, "src", "longer.ts"),
        functionOf("longer", LONGEST_FUNCTION_LINES + 5),
      );
      const all = measureSource(root);
      expect(all.map((f) => [f.name, f.lines])).toEqual([
        ["longer", LONGEST_FUNCTION_LINES + 7],
        ["tooLong", LONGEST_FUNCTION_LINES + 2],
        ["fits", LONGEST_FUNCTION_LINES],
      ]);
      expect(tooLongMessage(all)?.split("\n")).toEqual([
        `2 function(s) in src/ span more than ${LONGEST_FUNCTION_LINES} lines (closures counted in the function that holds them); split them into steps of their own:`,
        `  src/longer.ts:1 longer: ${LONGEST_FUNCTION_LINES + 7} lines`,
        `  src/deep/long.ts:2 tooLong: ${LONGEST_FUNCTION_LINES + 2} lines`,
      ]);
      expect(tooLongMessage(all.slice(2))).toBeUndefined();
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});
