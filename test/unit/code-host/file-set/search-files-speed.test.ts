import type { SearchFile } from "../../../../src/code-host/file-set/search-file.js";
import { searchFiles } from "../../../../src/code-host/file-set/search-files.js";

// A guard against accidental quadratic work, not a benchmark: 3,000 files of
// 10 KB (30 MB) take about 0.1 s per search on a laptop; the bound is loose
// so that a slow CI machine does not fail it.
describe("searchFiles speed", () => {
  const words = [
    "retry",
    "request",
    "handler",
    "config",
    "result",
    "error",
    "cache",
    "token",
    "delay",
    "attempt",
  ];
  const files: SearchFile[] = Array.from({ length: 3000 }, (_, i) => {
    const line = (n: number) =>
      `  const ${words[n % 10]}${i} = await ${words[(n * 7) % 10]}(${n}); // ${words[(n * 3) % 10]}`;
    const lines: string[] = [];
    for (let n = 0, size = 0; size < 10_000; n++)
      size += (lines[lines.length] = line(n)).length + 1;
    return {
      path: `src/${words[i % 10]}/file-${i}.ts`,
      text: lines.join("\n"),
    };
  });

  it("scans 30 MB in every phase within a second or two", () => {
    // A rare literal, a literal on every line, "retry" + "file" in paths, and
    // tokens found in contents only.
    const queries = [
      "attempt(4",
      "const",
      "zzz retry file",
      "how does the zzz delay attempt work",
    ];
    const modes: string[] = [];
    const started = performance.now();
    for (const query of queries) modes.push(searchFiles(files, { query }).mode);
    const perSearch = (performance.now() - started) / queries.length;
    expect(modes).toEqual(["pattern", "pattern", "path", "tokenized"]);
    expect(perSearch).toBeLessThan(2000);
  });
});
