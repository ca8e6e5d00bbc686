import { readFile } from "node:fs/promises";
import { z } from "zod";
import { goldFromPatch } from "./gold-from-patch.js";
import { familyOfLanguage, KNOWN_LANGUAGES } from "./baseline/source-files.js";

/**
 * One row of the evaluation set: an issue filed against a repository at a
 * commit, and where its real fix changed code. The shape is SWE-bench's,
 * reduced to what the harness reads; other fields are ignored. A row of the
 * public data set has the fix as `patch` instead of `gold_files` and
 * `gold_hunks`; `parseInstances` derives them from it.
 */
export const instanceSchema = z.object({
  /** "astropy__astropy-6938". */
  instance_id: z.string().min(1),
  /** "owner/name" on GitHub. */
  repo: z.string().regex(/^[^/\s]+\/[^/\s]+$/, 'expected "owner/name"'),
  /** The commit the issue was filed against (40 hex digits). */
  base_commit: z.string().regex(/^[0-9a-f]{7,64}$/i),
  /** The issue text: the question both systems retrieve for. */
  problem_statement: z.string(),
  /** Files the fix changed that existed at `base_commit`. */
  gold_files: z.array(z.string()).min(1),
  /**
   * Per gold file, the fix's hunks as [startLine, lineCount] on the file as it
   * was at `base_commit` (the "-" side of `@@ -start,count`). Count 0 is a pure
   * insertion: no old line.
   */
  gold_hunks: z.record(
    z.string(),
    z.array(z.tuple([z.number().int().min(0), z.number().int().min(0)])),
  ),
  /**
   * The repository's language ("cpp", "rust", "js", "java", "c" in the
   * multi-language set); SWE-bench's rows have none and are Python. It picks
   * the baseline's documents and groups the per-language tables.
   */
  language: z
    .string()
    .refine((language) => familyOfLanguage(language) !== undefined, {
      message: `unknown language; expected one of ${KNOWN_LANGUAGES.join(", ")}`,
    })
    .optional(),
});

export type Instance = z.infer<typeof instanceSchema>;

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
  /** Only these instance ids. */
  ids?: readonly string[];
  /** At most this many, after the other filters. */
  limit?: number;
  /** At most this many per repository (the first in the file), before `limit`. */
  perRepo?: number;
}

/** Applies `--repo`, `--instance`, `--per-repo` and `--limit`, keeping the file's order. */
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
