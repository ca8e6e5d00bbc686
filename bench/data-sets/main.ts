// Rebuilds the two dev sets' instance files (docs/benchmark.md) from the
// public data sets a reader downloaded, or, for a maintainer, writes the
// committed list of a dev set from its instance file.
//   npm run bench:dev-sets -- --help
import { createReadStream, mkdirSync, readdirSync, statSync } from "node:fs";
import { readFile, writeFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import { createInterface } from "node:readline";
import { benchCommand } from "../parse-bench-command.js";
import { parseInstances } from "../swebench/load-instances.js";
import {
  parseDevSetList,
  renderDevSetList,
  type DevSetInstance,
} from "./dev-set-list.js";
import { publicInstanceId, rebuildDevSet } from "./rebuild-dev-set.js";

const { values } = benchCommand({
  usage: `usage: npm run bench:dev-sets -- --list FILE --from PATH [--from PATH …] --out FILE
       npm run bench:dev-sets -- --write-list --data FILE --title TEXT --out FILE

Writes a dev set's instance file (JSON lines for bench:swebench --data) from rows
of the public data sets: for each instance the list names, its row, the gold read
from the fix patch. Then checks every row against the list's base commit and
digests of the gold and the question, the ones the published figures were measured
on, and names each that differs. Exits 0 when all match, 1 when the file was
written but a row is missing or differs, 2 on a wrong argument.

  --list FILE     the dev set's list (bench/data-sets/swebench-dev.ids,
                  bench/data-sets/multilang-dev.ids)
  --from PATH     a JSONL file of public rows, or a directory searched for *.jsonl
                  (repeatable): SWE-bench's rows (instance_id, base_commit,
                  problem_statement, patch) or Multi-SWE-bench's (org, repo, number,
                  base.sha, resolved_issues, fix_patch)
  --out FILE      where the instance file (or, with --write-list, the list) goes
  --write-list    instead: write the list of the instance file --data, headed by
                  --title (for a maintainer changing a dev set)
  --data FILE     with --write-list: the instance file
  --title TEXT    with --write-list: the list's first comment line (repeatable)
  -h, --help      this text`,
  options: {
    list: { type: "string" },
    from: { type: "string", multiple: true },
    out: { type: "string" },
    "write-list": { type: "boolean", default: false },
    data: { type: "string" },
    title: { type: "string", multiple: true },
  },
});

function fail(message: string): never {
  process.stderr.write(`${message}\n`);
  process.exit(2);
}

/** Every *.jsonl file at or below a path. */
function jsonlFiles(path: string): string[] {
  if (!statSync(path).isDirectory()) return [path];
  return readdirSync(path, { withFileTypes: true })
    .sort((a, b) => a.name.localeCompare(b.name))
    .flatMap((entry) => {
      const child = join(path, entry.name);
      if (entry.isDirectory()) return jsonlFiles(child);
      return entry.name.endsWith(".jsonl") ? [child] : [];
    });
}

/**
 * The rows of the wanted instances, by lower-cased instance id, read a line
 * at a time: Multi-SWE-bench's files of other repositories run to hundreds
 * of MB, more than one string holds.
 */
async function readPublicRows(
  paths: readonly string[],
  wanted: ReadonlySet<string>,
): Promise<Map<string, unknown>> {
  const rows = new Map<string, unknown>();
  for (const file of paths.flatMap(jsonlFiles)) {
    const lines = createInterface({
      input: createReadStream(file, "utf8"),
      crlfDelay: Infinity,
    });
    let n = 0;
    for await (const line of lines) {
      n++;
      if (line.trim() === "") continue;
      let row: unknown;
      try {
        row = JSON.parse(line);
      } catch (error) {
        fail(
          `${file}:${n} is not JSON (${(error as Error).message}); each line must be one row (a parquet file must be converted first, docs/benchmark.md says how).`,
        );
      }
      const id = publicInstanceId(row);
      if (id !== undefined && wanted.has(id) && !rows.has(id))
        rows.set(id, row);
    }
  }
  return rows;
}

async function writeList(): Promise<number> {
  if (!values.data || !values.out || !values.title)
    fail("--write-list needs --data FILE, --title TEXT and --out FILE.");
  // The harness's schema drops what it does not read; subsets are read here.
  const text = await readFile(values.data, "utf8");
  const subsets = new Map<string, string[]>();
  for (const line of text.split("\n")) {
    if (line.trim() === "") continue;
    const row = JSON.parse(line) as {
      instance_id?: unknown;
      subsets?: unknown;
    };
    if (typeof row.instance_id === "string" && Array.isArray(row.subsets))
      subsets.set(row.instance_id, row.subsets.map(String));
  }
  const instances: DevSetInstance[] = parseInstances(text, values.data).map(
    (instance) => ({
      ...instance,
      subsets: subsets.get(instance.instance_id) ?? [],
    }),
  );
  await writeFile(values.out, renderDevSetList(values.title, instances));
  process.stdout.write(
    `${instances.length} instances listed in ${values.out}\n`,
  );
  return 0;
}

async function rebuild(): Promise<number> {
  if (!values.list || !values.from || !values.out)
    fail(
      "Rebuilding needs --list FILE, --from PATH and --out FILE (see --help).",
    );
  const entries = parseDevSetList(
    await readFile(values.list, "utf8"),
    values.list,
  );
  const wanted = new Set(entries.map((e) => e.instance_id.toLowerCase()));
  const rows = await readPublicRows(values.from, wanted);
  const { instances, missing, differences } = rebuildDevSet(entries, rows);
  mkdirSync(dirname(values.out), { recursive: true });
  await writeFile(
    values.out,
    instances.map((instance) => JSON.stringify(instance)).join("\n") + "\n",
  );
  const same = entries.length - missing.length - differences.length;
  process.stdout.write(
    `${values.out}: ${instances.length} of ${entries.length} instances written, ` +
      `${same} identical to the measured set (base commit, gold, question).\n`,
  );
  if (missing.length > 0)
    process.stdout.write(
      `No public row for ${missing.length}: ${missing.slice(0, 5).join(", ")}${missing.length > 5 ? ", …" : ""}. Is every file of the data set under --from?\n`,
    );
  for (const d of differences)
    process.stdout.write(`${d.instance_id} differs: ${d.differs.join(", ")}\n`);
  if (missing.length > 0 || differences.length > 0) {
    process.stdout.write(
      "Figures measured on this file may differ from docs/benchmark.md's; a newer revision of the public data set is the usual cause.\n",
    );
    return 1;
  }
  return 0;
}

process.exitCode = values["write-list"] ? await writeList() : await rebuild();
