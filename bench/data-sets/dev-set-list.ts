import { createHash } from "node:crypto";
import type { Instance } from "../swebench/load-instances.js";

/**
 * One instance of a dev set as the committed list names it: enough to pick
 * its row out of the public data set, and digests that say whether the row
 * rebuilt from it is the one the published figures were measured on.
 */
export interface DevSetEntry {
  instance_id: string;
  /** "owner/name" as GitHub spells it (the mirror's directory). */
  repo: string;
  /** "python" for SWE-bench's rows, else the multi-language set's code ("cpp", "rust", …). */
  language: string;
  /** SWE-bench's "lite" / "verified"; the multi-language set has "Multi-SWE-bench". */
  subsets: string[];
  base_commit: string;
  /** `goldDigest` of the instance's gold files and hunks. */
  gold: string;
  /** `questionDigest` of its problem statement. */
  question: string;
}

/** An instance with the subsets its dev set row names. */
export type DevSetInstance = Instance & { subsets?: string[] };

const COLUMNS = [
  "instance_id",
  "repo",
  "language",
  "subsets",
  "base_commit",
  "gold",
  "question",
] as const;

/** The first 16 hex digits of a SHA-256: a check, not a secret. */
function digest(text: string): string {
  return createHash("sha256").update(text, "utf8").digest("hex").slice(0, 16);
}

/**
 * A digest of an instance's gold, independent of the order its files and
 * hunks were listed in.
 *
 * @example
 * goldDigest({ gold_files: ["a.py"], gold_hunks: { "a.py": [[10, 7]] } }) // "5c0e…" (16 hex digits)
 */
export function goldDigest(
  gold: Pick<Instance, "gold_files" | "gold_hunks">,
): string {
  const files = [...new Set(gold.gold_files)].sort();
  const hunks = files.map((file) => [
    file,
    [...(gold.gold_hunks[file] ?? [])].sort(
      (a, b) => a[0] - b[0] || a[1] - b[1],
    ),
  ]);
  return digest(JSON.stringify(hunks));
}

/** A digest of a problem statement, byte for byte. */
export function questionDigest(problemStatement: string): string {
  return digest(problemStatement);
}

/**
 * The list's text: `#` comment lines, then one instance a line, its columns
 * separated by tabs (see COLUMNS).
 *
 * @example
 * renderDevSetList(["SWE-bench dev set"], instances)
 * // "# SWE-bench dev set\n# instance_id\trepo\t…\nastropy__astropy-6938\tastropy/astropy\tpython\tlite\tc76a…\n…"
 */
export function renderDevSetList(
  header: readonly string[],
  instances: readonly DevSetInstance[],
): string {
  const lines = [
    ...header.map((line) => `# ${line}`.trimEnd()),
    `# ${COLUMNS.join("\t")}`,
    ...instances.map((instance) =>
      [
        instance.instance_id,
        instance.repo,
        instance.language ?? "python",
        (instance.subsets ?? []).join(",") || "-",
        instance.base_commit,
        goldDigest(instance),
        questionDigest(instance.problem_statement),
      ].join("\t"),
    ),
  ];
  return `${lines.join("\n")}\n`;
}

/**
 * Reads a list written by `renderDevSetList`. A line that does not have
 * every column throws with its line number.
 */
export function parseDevSetList(text: string, source = "list"): DevSetEntry[] {
  const entries: DevSetEntry[] = [];
  text.split("\n").forEach((line, i) => {
    if (line.trim() === "" || line.startsWith("#")) return;
    const cells = line.split("\t");
    if (cells.length !== COLUMNS.length || cells.some((cell) => cell === "")) {
      throw new Error(
        `${source}:${i + 1} is not a dev set entry: expected ${COLUMNS.length} tab-separated columns (${COLUMNS.join(", ")}).`,
      );
    }
    const [instance_id, repo, language, subsets, base_commit, gold, question] =
      cells as [string, string, string, string, string, string, string];
    entries.push({
      instance_id,
      repo,
      language,
      subsets: subsets === "-" ? [] : subsets.split(","),
      base_commit,
      gold,
      question,
    });
  });
  return entries;
}
