import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { readRunFile } from "../../../../bench/swebench/read-run-file.js";
import { run, scoredQuestion } from "../../../helpers/scored-questions.js";

const ROOT = new URL("../../../../", import.meta.url).pathname;

describe("readRunFile and bench:report", () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), "askcode-run-file-"));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const write = (name: string, content: unknown): string => {
    const file = join(dir, name);
    writeFileSync(
      file,
      typeof content === "string" ? content : JSON.stringify(content),
    );
    return file;
  };
  // A run written before the map was scored apart: no filesWithBody.
  const results = [
    scoredQuestion(
      "o/r@1",
      "rust",
      run(1, 2, 6, 10, 7900),
      run(0, 2, 0, 10, 7000),
    ),
    scoredQuestion("o/r@2", "c", run(1, 1, 4, 4, 7800), run(1, 1, 4, 4, 6000)),
  ];

  it("reads a run's results, budgets, wall time and memory, and takes the budgets from the results when the args lack them", () => {
    const file = write("old.json", {
      args: { budgets: [8000] },
      wallMs: 60_000,
      peakMemory: { heapUsedMb: 300, maxRssMb: 500 },
      results,
    });
    expect(readRunFile(file)).toMatchObject({
      budgets: [8000],
      wallMs: 60_000,
      peakMemory: { heapUsedMb: 300, maxRssMb: 500 },
      github: [],
    });
    expect(readRunFile(write("bare.json", { results })).budgets).toEqual([
      8000,
    ]);
  });

  it("names the file and what is wrong with it", () => {
    expect(() => readRunFile(join(dir, "none.json"))).toThrow(
      `${join(dir, "none.json")} does not exist`,
    );
    expect(() => readRunFile(write("text.json", "not json"))).toThrow(
      /text\.json is not JSON/,
    );
    expect(() => readRunFile(write("other.json", { rows: [] }))).toThrow(
      /other\.json has no "results" array: not a bench:swebench result file/,
    );
  });

  it("bench:report prints an old run's report in this checkout's columns, every file found read as shown with a body", () => {
    const file = write("report.json", { args: { budgets: [8000] }, results });
    const out = spawnSync(
      "npm",
      ["run", "--silent", "bench:report", "--", "--run", file],
      {
        cwd: ROOT,
        encoding: "utf8",
      },
    );
    expect(out.status).toBe(0);
    const row = out.stdout.split("\n").find((line) => line.startsWith("| 8k "));
    // body Avg = +map Avg (75 %), lines 80 % per instance, 71.4 % pooled.
    expect(row).toMatch(
      /^\| 8k +\| +75\.0% \| +80\.0% \| +71\.4% \| +75\.0% \| +50\.0% \| +50\.0% \| +100\.0% \| +100\.0% \|/,
    );
  });

  it("bench:report names a missing file in one line and exits 2", () => {
    const out = spawnSync(
      "npm",
      [
        "run",
        "--silent",
        "bench:report",
        "--",
        "--run",
        join(dir, "gone.json"),
      ],
      {
        cwd: ROOT,
        encoding: "utf8",
      },
    );
    expect(out.status).toBe(2);
    expect(out.stderr).toBe(
      `${join(dir, "gone.json")} does not exist: write one with npm run bench:swebench -- --out FILE\n`,
    );
  });
});
