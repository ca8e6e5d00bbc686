import { z } from "zod";
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
