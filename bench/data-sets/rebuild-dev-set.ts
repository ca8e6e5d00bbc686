import { parseInstances } from "../swebench/load-instances.js";
import {
  goldDigest,
  questionDigest,
  type DevSetEntry,
  type DevSetInstance,
} from "./dev-set-list.js";

// Rows of the two public data sets, reduced to the fields read here.
// SWE-bench (princeton-nlp/SWE-bench, _Lite, _Verified): the harness's own shape.
interface SwebenchRow {
  instance_id: string;
  base_commit: string;
  problem_statement: string;
  /** The fix without its test files, as `git diff` prints it. */
  patch: string;
}

// Multi-SWE-bench (ByteDance-Seed/Multi-SWE-bench), one pull request a row:
// multi_swe_bench/harness/pull_request.py and dataset.py in
// github.com/multi-swe-bench/multi-swe-bench.
interface MultiSwebenchRow {
  instance_id?: string;
  org: string;
  repo: string;
  number: number;
  base: { sha: string };
  resolved_issues: Array<{ title?: string | null; body?: string | null }>;
  /** The fix without its test files; `test_patch` holds those. */
  fix_patch: string;
}

function isSwebenchRow(row: unknown): row is SwebenchRow {
  const r = row as Partial<SwebenchRow>;
  return (
    typeof row === "object" &&
    row !== null &&
    typeof r.instance_id === "string" &&
    typeof r.base_commit === "string" &&
    typeof r.problem_statement === "string" &&
    typeof r.patch === "string"
  );
}

function isMultiSwebenchRow(row: unknown): row is MultiSwebenchRow {
  const r = row as Partial<MultiSwebenchRow>;
  return (
    typeof row === "object" &&
    row !== null &&
    typeof r.org === "string" &&
    typeof r.repo === "string" &&
    (typeof r.number === "number" || typeof r.number === "string") &&
    typeof r.base?.sha === "string" &&
    typeof r.fix_patch === "string" &&
    Array.isArray(r.resolved_issues)
  );
}

/**
 * The instance id of a public row, lower-cased for matching (Multi-SWE-bench
 * spells some owners in lower case, "fasterxml__jackson-core-1016"), or
 * undefined for a row of neither data set. A Multi-SWE-bench row without an
 * `instance_id` (older revisions) gets `org__repo-number`, the data set's own
 * form.
 *
 * @example
 * publicInstanceId({ org: "BurntSushi", repo: "ripgrep", number: 1367, … }) // "burntsushi__ripgrep-1367"
 */
export function publicInstanceId(row: unknown): string | undefined {
  if (isSwebenchRow(row)) return row.instance_id.toLowerCase();
  if (isMultiSwebenchRow(row))
    return (
      row.instance_id ?? `${row.org}__${row.repo}-${row.number}`
    ).toLowerCase();
  return undefined;
}

/**
 * The question of a Multi-SWE-bench row: the first issue the pull request
 * resolves, its title and body on separate lines, as they are (the
 * convention of the data set's OpenHands conversion).
 */
export function multiSwebenchQuestion(row: MultiSwebenchRow): string {
  const issue = row.resolved_issues[0];
  return `${issue?.title ?? ""}\n${issue?.body ?? ""}`;
}

/** How a rebuilt row differs from what the list recorded. */
export interface RowDifference {
  instance_id: string;
  /** "base_commit", "gold" or "question", or why there is no instance. */
  differs: string[];
}

export interface RebuiltDevSet {
  /** In the list's order; the public row's values where they differ. */
  instances: DevSetInstance[];
  /** Listed instances no public row was found for. */
  missing: string[];
  differences: RowDifference[];
}

/**
 * The dev set's instance file from public rows: for each entry of the list,
 * its row in the harness's shape (the gold read from the fix patch by
 * `parseInstances`, exactly as `bench:swebench` reads the public data set),
 * the repository as the list spells it, its language (none for Python, as in
 * SWE-bench) and subsets; and each row checked against the list's base
 * commit and digests.
 *
 * @example
 * rebuildDevSet(parseDevSetList(text), publicRowsById)
 * // { instances: [{ instance_id: "astropy__astropy-6938", gold_files: […], … }], missing: [], differences: [] }
 */
export function rebuildDevSet(
  entries: readonly DevSetEntry[],
  rows: ReadonlyMap<string, unknown>,
): RebuiltDevSet {
  const instances: DevSetInstance[] = [];
  const missing: string[] = [];
  const differences: RowDifference[] = [];
  for (const entry of entries) {
    const row = rows.get(entry.instance_id.toLowerCase());
    const input = isSwebenchRow(row)
      ? {
          base_commit: row.base_commit,
          problem_statement: row.problem_statement,
          patch: row.patch,
        }
      : isMultiSwebenchRow(row)
        ? {
            base_commit: row.base.sha,
            problem_statement: multiSwebenchQuestion(row),
            patch: row.fix_patch,
          }
        : undefined;
    if (!input) {
      missing.push(entry.instance_id);
      continue;
    }
    const skipped: string[] = [];
    const [instance] = parseInstances(
      JSON.stringify({
        instance_id: entry.instance_id,
        repo: entry.repo,
        ...input,
        ...(entry.language === "python" ? {} : { language: entry.language }),
      }),
      entry.instance_id,
      (note) => skipped.push(note),
    );
    if (!instance) {
      differences.push({
        instance_id: entry.instance_id,
        differs: [
          "gold (the fix patch changes no file that exists at base_commit)",
        ],
      });
      continue;
    }
    const differs = [
      instance.base_commit === entry.base_commit ? [] : ["base_commit"],
      goldDigest(instance) === entry.gold ? [] : ["gold"],
      questionDigest(instance.problem_statement) === entry.question
        ? []
        : ["question"],
    ].flat();
    if (differs.length > 0)
      differences.push({ instance_id: entry.instance_id, differs });
    instances.push({ ...instance, subsets: entry.subsets });
  }
  return { instances, missing, differences };
}
