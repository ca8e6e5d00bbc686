import {
  MIN_CHARS_TO_PARSE_ALONGSIDE,
  parseAlongsideWarmUp,
} from "../../../../src/retrieval/one-question/parse-alongside-pays.js";

const file = (path: string, chars: number) => ({
  path,
  text: "x = 1\n".repeat(Math.ceil(chars / 6)).slice(0, chars),
});

describe("parseAlongsideWarmUp", () => {
  it("starts no thread when the trees a question is expected to make are few characters", () => {
    // 100 top files of 2 KB: 200 KB to parse.
    const small = Array.from({ length: 500 }, (_, i) => file(`m${i}.py`, 2048));
    expect(100 * 2048).toBeLessThan(MIN_CHARS_TO_PARSE_ALONGSIDE);
    expect(parseAlongsideWarmUp(small, 100)).toBeUndefined();
    // Fewer top files to parse, the same mean: fewer characters still.
    const large = Array.from({ length: 500 }, (_, i) => file(`m${i}.py`, 8192));
    expect(parseAlongsideWarmUp(large, 100)).toBeDefined();
    expect(parseAlongsideWarmUp(large, 10)).toBeUndefined();
  });

  it("counts only the files cut on a tree", () => {
    const texts = Array.from({ length: 500 }, (_, i) =>
      file(`doc${i}.md`, 64 * 1024),
    );
    expect(
      parseAlongsideWarmUp([...texts, file("a.py", 100)], 100),
    ).toBeUndefined();
  });

  it("warms up on one file of a middling size per language, the languages with most trees first, at most three", () => {
    const lacking = [
      file("huge.py", 200 * 1024),
      file("tiny.py", 100),
      file("mid.py", 8 * 1024),
      ...Array.from({ length: 40 }, (_, i) => file(`p${i}.py`, 9000)),
      ...Array.from({ length: 30 }, (_, i) => file(`t${i}.ts`, 9000)),
      ...Array.from({ length: 20 }, (_, i) => file(`g${i}.go`, 9000)),
      file("r0.rs", 9000),
      file("only.c", 100),
    ];
    const warmUp = parseAlongsideWarmUp(lacking, 100);
    expect(warmUp?.map((f) => f.path)).toEqual(["mid.py", "t0.ts", "g0.go"]);
  });

  it("takes a language's first file when none is of a middling size", () => {
    const lacking = Array.from({ length: 50 }, (_, i) =>
      file(`big${i}.py`, 100 * 1024),
    );
    expect(parseAlongsideWarmUp(lacking, 100)?.map((f) => f.path)).toEqual([
      "big0.py",
    ]);
  });
});
