import { packWholeRepository } from "../../../../src/retrieval/pack/pack-whole-repository.js";
import type { SourceFile } from "../../../../src/retrieval/types.js";
import { runToEnd } from "../../../../src/shared/time-slices.js";
import { createTokenCounter } from "../../../../src/tokens/create-token-counter.js";

const counter = createTokenCounter({ model: "gpt-4o" });

/** `count` files of `length` characters each, noting which texts were read. */
function filesNotingReads(count: number, length: number) {
  const read = new Set<string>();
  const files: SourceFile[] = Array.from({ length: count }, (_, i) => {
    const path = `pkg/module_${i}.py`;
    const text = `${"x = 1\n".repeat(Math.ceil(length / 6))}`.slice(0, length);
    return {
      path,
      get text() {
        read.add(path);
        return text;
      },
    };
  });
  return { files, read };
}

const pack = (files: SourceFile[], budget: number) =>
  runToEnd(
    packWholeRepository({
      ranked: [],
      chunksAvailable: 0,
      files,
      lineCount: () => 1,
      budget,
      tokenCounter: counter,
    }),
  );

describe("packWholeRepository", () => {
  it("reads only as many files' texts as show that the repository cannot fit", () => {
    // 8 characters a token at most: a budget of 1,000 holds at most 8,000
    // characters, which the third file of 3,000 passes.
    const { files, read } = filesNotingReads(500, 3000);

    expect(pack(files, 1000)).toBeUndefined();
    expect(read.size).toBe(3);
  });

  it("reads every file when they fit", () => {
    const { files, read } = filesNotingReads(5, 60);

    expect(pack(files, 1000)).toMatchObject({
      mode: "whole-repository",
      chunksReturned: 5,
    });
    expect(read.size).toBe(5);
  });
});
