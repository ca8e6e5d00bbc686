import { readFile } from "node:fs/promises";
import { goldFromPatch } from "../../src/eval/gold-from-patch.js";
import { instanceSchema, type Instance } from "../../src/eval/instance.js";

// Scripts that read instances with parseInstances name their type from here too.
export type { Instance };

/**
 * Parses a JSONL file of instances. Blank lines are skipped; a line that is
 * not a valid instance throws with its line number, so a user pointing the
 * harness at their own file learns which row to fix. A row with a `patch`
 * and no `gold_files` (the public SWE-bench data set) gets its gold from
 * the patch; one whose fix only adds files has nothing to find at its base
 * commit, so it is skipped and `onSkip` says so.
 *
 * @example
 * parseInstances('{"instance_id":"a__b-1","repo":"a/b",…}\n') // [{ instance_id: "a__b-1", … }]
 */
export function parseInstances(
  text: string,
  source = "input",
  onSkip: (note: string) => void = () => {},
): Instance[] {
  const instances: Instance[] = [];
  text.split("\n").forEach((line, i) => {
    if (line.trim() === "") return;
    let row: unknown;
    try {
      row = JSON.parse(line);
    } catch (error) {
      throw new Error(
        `${source}:${i + 1} is not JSON (${(error as Error).message}); each line must be one instance object.`,
      );
    }
    if (isPatchRow(row)) {
      const gold = goldFromPatch(row.patch);
      if (gold.gold_files.length === 0) {
        onSkip(
          `${source}:${i + 1} skipped: its patch changes no file that exists at base_commit.`,
        );
        return;
      }
      row = { ...row, ...gold };
    }
    const parsed = instanceSchema.safeParse(row);
    if (!parsed.success) {
      const problems = parsed.error.issues
        .map((issue) => `${issue.path.join(".") || "(row)"}: ${issue.message}`)
        .join("; ");
      throw new Error(`${source}:${i + 1} is not an instance: ${problems}.`);
    }
    instances.push(parsed.data);
  });
  return instances;
}

/** A row as the public data set has it: the fix as a patch, no gold fields. */
function isPatchRow(row: unknown): row is { patch: string } {
  return (
    typeof row === "object" &&
    row !== null &&
    typeof (row as { patch?: unknown }).patch === "string" &&
    !("gold_files" in row)
  );
}

/** Reads and parses a JSONL file of instances (see `parseInstances`). */
export async function loadInstances(
  path: string,
  onSkip?: (note: string) => void,
): Promise<Instance[]> {
  return parseInstances(await readFile(path, "utf8"), path, onSkip);
}

export interface InstanceFilter {
  /** Only this repository ("owner/name"). */
  repo?: string;
  /** Only these repositories (a part of a split by repository). */
  repos?: ReadonlySet<string>;
  /** Only these instance ids. */
  ids?: readonly string[];
  /** At most this many, after the other filters. */
  limit?: number;
  /** At most this many per repository (the first in the file), before `limit`. */
  perRepo?: number;
}

/** Applies `--repo`, `--split`/`--part`, `--instance`, `--per-repo` and `--limit`, keeping the file's order. */
export function selectInstances(
  instances: readonly Instance[],
  filter: InstanceFilter,
): Instance[] {
  const ids =
    filter.ids && filter.ids.length > 0 ? new Set(filter.ids) : undefined;
  const taken = new Map<string, number>();
  const selected = instances.filter((instance) => {
    if (filter.repo !== undefined && instance.repo !== filter.repo)
      return false;
    if (filter.repos !== undefined && !filter.repos.has(instance.repo))
      return false;
    if (ids !== undefined && !ids.has(instance.instance_id)) return false;
    const n = taken.get(instance.repo) ?? 0;
    if (filter.perRepo !== undefined && n >= filter.perRepo) return false;
    taken.set(instance.repo, n + 1);
    return true;
  });
  return filter.limit === undefined
    ? selected
    : selected.slice(0, filter.limit);
}
