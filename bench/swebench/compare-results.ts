// bench:compare: two bench:swebench result files (--out of two runs of the
// same instances): askcode's recall in both, in the report's columns, then
// instance by instance, every field but timings and memory: prints the
// instances that differ and how (the score's files with a body, lines and
// files first), and exits 1 when any does. Run the same command twice, once
// on a loaded machine (`stress-ng --cpu 4`), and compare: retrieval must not
// depend on speed.
//   npm run bench:compare -- --a /tmp/run-a.json --b /tmp/run-b.json
import { benchCommand } from "../parse-bench-command.js";
import { readRunFileOrExit } from "./read-run-file.js";
import { renderRecallComparison } from "./recall-comparison.js";
import { resultsDifferences } from "./results-differences.js";

// Fields shown per differing instance; the count says how many more.
const SHOWN_FIELDS = 6;

const { values } = benchCommand({
  usage: `usage: npm run bench:compare -- --a FILE --b FILE

Compares two bench:swebench result files (--out): first askcode's recall in
each on the instances both hold (files with a body, lines, then with the
map, as the report's tables), then instance by instance, every field but
timings and memory (timings, memory, askcodeMs, baselineMs), printing each
instance that differs with the fields that do, the score's first. Exits 1
when an instance differs, 0 when every instance in both is the same.`,
  options: {
    a: { type: "string" },
    b: { type: "string" },
  },
});

const a = readRunFileOrExit(values.a, "a").results;
const b = readRunFileOrExit(values.b, "b").results;
console.log(
  `askcode's recall on the instances in both runs:\n\n${renderRecallComparison(a, b)}\n`,
);
const diff = resultsDifferences(a, b);
for (const { instanceId, fields } of diff.differing) {
  console.log(`${instanceId}: ${fields.length} field(s) differ`);
  for (const field of fields.slice(0, SHOWN_FIELDS))
    console.log(
      `  ${field.path}: ${JSON.stringify(field.a)} vs ${JSON.stringify(field.b)}`,
    );
  if (fields.length > SHOWN_FIELDS)
    console.log(`  … and ${fields.length - SHOWN_FIELDS} more`);
}
const only = [
  ...(diff.onlyInA.length > 0 ? [`${diff.onlyInA.length} only in --a`] : []),
  ...(diff.onlyInB.length > 0 ? [`${diff.onlyInB.length} only in --b`] : []),
];
console.log(
  `${diff.compared} instances in both: ${diff.compared - diff.differing.length} the same except timings, ${diff.differing.length} differ` +
    (only.length > 0 ? `; ${only.join(", ")}` : ""),
);
process.exitCode = diff.differing.length > 0 ? 1 : 0;
