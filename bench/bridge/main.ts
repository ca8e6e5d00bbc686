// Fits the vocabulary bridge (docs/architecture/retrieval.md, 'The vocabulary
// bridge'): which code terms the chunks a fix touched carry for the words of
// the issue that asked.
//   npm run fit:bridge -- --help
//
// 1. Load the rows of the training part of the split.
// 2. Per row, read its gold files at the base commit from the mirror, cut
//    them as the index does and split their chunks into gold and the rest
//    (`bridgeRow`); --save-rows keeps them, --rows refits from them.
// 3. Fit (`fitBridge`), print a summary, and with --write rewrite the table
//    query analysis ships.
import { readFileSync, writeFileSync } from "node:fs";
import { parseArgs } from "node:util";
import { format, resolveConfig } from "prettier";
import { loadGrammarsFor } from "../../src/retrieval/chunks/chunk-file.js";
import { loadInstances, selectInstances } from "../swebench/load-instances.js";
import { DEFAULT_MIRROR_LAYOUT, mirrorPath } from "../swebench/mirror-path.js";
import { partRepositories, splitOption } from "../train/read-split.js";
import { bridgeRow, type BridgeRow } from "./bridge-row.js";
import { DEFAULT_BRIDGE_FIT, fitBridge } from "./fit-bridge.js";
import { BRIDGE_TABLE_PATH, renderBridge } from "./render-bridge.js";

const USAGE = `Fits askcode's vocabulary bridge: code terms fixes touched for the words of the issues.

npm run fit:bridge -- --data FILE --mirrors DIR --split FILE --part training [options]

  --data FILE        instances as JSON lines (the training set's train.jsonl)
  --mirrors DIR      git mirrors, {owner}+{name}/repo below DIR
  --split FILE       a split by repository (bench/train/split.json); with --part
  --part NAME        only the rows of this part's repositories (fit on "training")
  --save-rows FILE   keep the rows read from the mirrors (JSON) to refit from
  --rows FILE        fit the rows saved in FILE instead of reading the mirrors
  --write            rewrite ${BRIDGE_TABLE_PATH} with the fit
  -h, --help         this text
`;

async function main(argv: string[]): Promise<number> {
  const { values } = parseArgs({
    args: argv,
    options: {
      data: { type: "string" },
      mirrors: { type: "string" },
      split: { type: "string" },
      part: { type: "string" },
      rows: { type: "string" },
      "save-rows": { type: "string" },
      write: { type: "boolean", default: false },
      help: { type: "boolean", short: "h", default: false },
    },
  });
  if (values.help) {
    process.stdout.write(USAGE);
    return 0;
  }
  let split: ReturnType<typeof splitOption>;
  try {
    split = splitOption(values.split, values.part);
  } catch (error) {
    process.stderr.write(`${(error as Error).message}\n\n${USAGE}`);
    return 2;
  }
  if (!values.rows && (!values.data || !values.mirrors || !split)) {
    process.stderr.write(
      `fit:bridge needs --data, --mirrors, --split and --part (the training set's train.jsonl, its git mirrors, and the part to learn from), or --rows.\n\n${USAGE}`,
    );
    return 2;
  }
  const rows = values.rows
    ? (JSON.parse(readFileSync(values.rows, "utf8")) as BridgeRow[])
    : await readRows(
        values.data as string,
        values.mirrors as string,
        partRepositories(split as NonNullable<typeof split>),
      );
  if (values["save-rows"])
    writeFileSync(values["save-rows"], JSON.stringify(rows));
  const fit = fitBridge(rows, DEFAULT_BRIDGE_FIT);
  process.stdout.write(
    `${fit.rows} rows of ${fit.repos} repositories: ${Object.keys(fit.table).length} words, ${fit.pairs} pairs\n`,
  );
  if (values.write) {
    // The command as a reader reruns it, without this machine's paths.
    const command = [
      "npm run fit:bridge -- --data train.jsonl --mirrors DIR",
      ...(split ? [`--split ${split.path} --part ${split.part}`] : []),
      "--write",
    ].join(" ");
    // Formatted as the repository formats its sources, so the lint passes on
    // the generated file and a refit gives the same bytes.
    const options = await resolveConfig(BRIDGE_TABLE_PATH);
    writeFileSync(
      BRIDGE_TABLE_PATH,
      await format(renderBridge(fit, command), {
        ...options,
        filepath: BRIDGE_TABLE_PATH,
      }),
    );
    process.stdout.write(`wrote ${BRIDGE_TABLE_PATH}\n`);
  }
  return 0;
}

async function readRows(
  data: string,
  mirrors: string,
  repos: ReadonlySet<string>,
): Promise<BridgeRow[]> {
  const instances = selectInstances(
    await loadInstances(data, (note) => process.stderr.write(`${note}\n`)),
    { repos },
  );
  await loadGrammarsFor(
    instances.flatMap((i) => i.gold_files.map((path) => ({ path }))),
  );
  const rows: BridgeRow[] = [];
  for (const [n, instance] of instances.entries()) {
    const row = await bridgeRow(
      instance,
      mirrorPath(mirrors, instance.repo, DEFAULT_MIRROR_LAYOUT),
    );
    if (row) rows.push(row);
    if ((n + 1) % 50 === 0 || n + 1 === instances.length)
      process.stderr.write(`[${n + 1}/${instances.length}] rows read\n`);
  }
  return rows;
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(
      `${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
    );
    process.exit(1);
  },
);
