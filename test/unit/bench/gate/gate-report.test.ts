import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { readGateRun } from "../../../../bench/gate/read-gate-run.js";
import { renderGateTable } from "../../../../bench/gate/render-gate-table.js";
import { gatePoints } from "../../../../src/eval/gate-curve.js";
import {
  QUESTIONS,
  scoredQuestion,
  run,
} from "../../../helpers/scored-questions.js";

const dir = mkdtempSync(join(tmpdir(), "gate-report-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const write = (name: string, content: unknown): string => {
  const file = join(dir, name);
  writeFileSync(file, JSON.stringify(content));
  return file;
};

describe("the gate report on a run file", () => {
  it("prints coverage, precision and answered per threshold for each set, the default marked", () => {
    const file = write("tiny.json", { results: QUESTIONS });
    const tiny = readGateRun(`training=${file}`);
    expect(tiny).toMatchObject({ name: "training", budget: 8000 });
    const again = readGateRun(file);
    expect(again.name).toBe("tiny");
    const table = renderGateTable(
      [
        { name: tiny.name, points: gatePoints(tiny.results, tiny.budget) },
        { name: "none", points: [] },
      ],
      [0, 0.5, 0.9],
      0.6,
    );
    expect(table).toMatchInlineSnapshot(`
     "| threshold      | training coverage | precision | answered | none coverage | precision | answered |
     |:---------------|------------------:|----------:|---------:|--------------:|----------:|---------:|
     | 0.00           |            100.0% |     66.7% |        3 |          0.0% |         - |        0 |
     | 0.50           |             66.7% |     50.0% |        2 |          0.0% |         - |        0 |
     | 0.60 (default) |             66.7% |     50.0% |        2 |          0.0% |         - |        0 |
     | 0.90           |             33.3% |    100.0% |        1 |          0.0% |         - |        0 |"
    `);
  });

  it("names the file that is missing, not a run, or made before the gate", () => {
    expect(() => readGateRun(join(dir, "absent.json"))).toThrow(
      /absent\.json does not exist: write one with npm run bench:swebench/,
    );
    const notRun = write("not-run.json", { rows: [] });
    expect(() => readGateRun(notRun)).toThrow(/has no "results" array/);
    const before = write("before.json", {
      results: [
        scoredQuestion("o/r@9", "c", run(1, 1, 1, 1, 10), run(1, 1, 1, 1, 10)),
      ],
    });
    expect(() => readGateRun(before)).toThrow(
      /before\.json recorded no gate signals \(a run made before the gate\?\)/,
    );
  });
});
