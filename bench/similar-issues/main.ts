// npm run bench:similar-issues -- --data PATH/TO/train.jsonl --split bench/train/split.json --part training
//
// Measures the similarity threshold of "similar earlier issues" (the
// answer's links to earlier issues of the repository) on rows with gold
// files: which links the answers would show at each threshold, how many
// were related (their fixes changed a file in common) and how many issues
// got one. See docs/benchmark.md, "Similar earlier issues".
import { existsSync } from "node:fs";
import { SIMILAR_ISSUE_THRESHOLD } from "../../src/answer-records/similar-issue-threshold.js";
import { benchCommand, exitMissingInput } from "../parse-bench-command.js";
import { loadInstances, selectInstances } from "../swebench/load-instances.js";
import { partRepositories, splitOption } from "../train/read-split.js";
import { missingMirrors } from "../swebench/mirror-path.js";
import { questionFilesAt } from "./question-files-at.js";
import { simulateSimilarIssues } from "./simulate-similar-issues.js";
import { chooseThreshold, thresholdTable } from "./similar-issues-table.js";

// Fewer links than this say too little to choose a threshold by.
const MIN_LINKS = 10;

const { values } = benchCommand({
  usage: `usage: npm run bench:similar-issues -- --data FILE [--split FILE --part held-out|training] [--repo OWNER/NAME] [--mirrors DIR] [--precision 0.8]

Replays "similar earlier issues" on a data set with gold files (the training
set, PATH/TO/train.jsonl, or a dev set): within each repository, in
issue order, every issue is a new question and the rows before it its
repository's earlier issues; a keyword match stands in for GitHub's issue
search, then the App's re-ranking scores them. Prints, for each threshold,
the links shown (two at most per issue), their precision (links whose fix
shares a file with the new issue's) and coverage (issues with a link, of
those with an earlier row in their repository), and the lowest threshold
reaching --precision on ${MIN_LINKS} links or more (choose it on the training part,
report the held-out part with it). Retrieval does not run: without
--mirrors the text alone is scored; with --mirrors DIR (git mirrors as
owner+name/repo, as bench:swebench takes them), a question's best places
are the files its text names that its commit's tree has. The App's threshold today: ${SIMILAR_ISSUE_THRESHOLD}.
`,
  options: {
    data: { type: "string" },
    split: { type: "string" },
    part: { type: "string" },
    repo: { type: "string" },
    mirrors: { type: "string" },
    precision: { type: "string", default: "0.8" },
  },
});

if (!values.data || !existsSync(values.data))
  exitMissingInput(
    `no data set at ${values.data ?? "(--data not given)"}`,
    "give --data a JSONL file of rows with gold_files (bench/train/README.md says where the training set is)",
  );
const split = splitOption(values.split, values.part);
const rows = selectInstances(await loadInstances(values.data), {
  ...(values.repo ? { repo: values.repo } : {}),
  ...(split ? { repos: partRepositories(split) } : {}),
});
const { mirrors } = values;
if (mirrors !== undefined) {
  const missing = missingMirrors(
    mirrors,
    rows.map((row) => row.repo),
  );
  if (missing.length > 0)
    exitMissingInput(
      `no git mirror under ${mirrors} for ${missing.join(", ")}`,
      "clone each with git clone --mirror into owner+name/repo, or leave --mirrors out to score the text alone",
    );
}
const simulated = simulateSimilarIssues(
  rows,
  mirrors === undefined ? undefined : questionFilesAt(mirrors),
);
const thresholds = Array.from({ length: 19 }, (_, i) => (i + 1) / 20);
const table = thresholdTable(simulated, thresholds);
const percent = (x: number) => `${(100 * x).toFixed(1)}%`;
const relatedExists = simulated.filter((s) => s.relatedExists).length;

console.log(
  `${rows.length} rows, ${simulated.length} with an earlier row in their repository; ` +
    `${relatedExists} (${percent(relatedExists / Math.max(1, simulated.length))}) have a related one\n`,
);
console.log(
  "| threshold | links shown | related | precision | issues linked | coverage |",
);
console.log(
  "| --------: | ----------: | ------: | --------: | ------------: | -------: |",
);
for (const row of table)
  console.log(
    `| ${row.threshold.toFixed(2)} | ${row.shown} | ${row.related} | ${percent(row.precision)} | ${row.linked} | ${percent(row.coverage)} |`,
  );
const wanted = Number(values.precision);
const chosen = chooseThreshold(table, wanted, MIN_LINKS);
console.log(
  chosen
    ? `\nlowest threshold with precision >= ${percent(wanted)} on ${MIN_LINKS} links or more: ${chosen.threshold.toFixed(2)} (${percent(chosen.precision)}, coverage ${percent(chosen.coverage)})`
    : `\nno threshold reaches precision ${percent(wanted)} on ${MIN_LINKS} links or more`,
);
