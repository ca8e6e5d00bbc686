// bench:report: a bench:swebench result file's report printed again by this
// checkout's tables, so a run made before a change to the report (a
// baseline's, say) reads in the same columns as one made after it.
//   npm run bench:report -- --run /tmp/base/ml.json
import { benchCommand } from "../parse-bench-command.js";
import { buildReport } from "./build-report.js";
import { readRunFileOrExit } from "./read-run-file.js";
import { renderReport } from "./render-report.js";

const { values } = benchCommand({
  usage: `usage: npm run bench:report -- --run FILE

Prints the report of a bench:swebench result file (--out) again, computed
from its per-instance results by this checkout's tables: the budget,
repository and language tables, the code-only view, timings and memory as
the run recorded them. Results written before the map was scored apart read
as if every file found had a body.`,
  options: { run: { type: "string" } },
});

const run = readRunFileOrExit(values.run, "run");
const report = buildReport(
  run.results,
  run.budgets,
  run.wallMs,
  run.peakMemory,
);
process.stdout.write(
  renderReport(report, run.results, values.run ?? "", run.github),
);
