import { z } from "zod";
import {
  familyOfLanguage,
  KNOWN_LANGUAGES,
} from "../../src/eval/baseline/source-files.js";

const ownerName = z
  .string()
  .regex(/^[^/\s]+\/[^/\s]+$/, 'expected "owner/name"');
const commit = z
  .string()
  .regex(/^[0-9a-f]{40}$/, "expected a full commit SHA (40 hex digits)");

/**
 * A JSONL file of issue → fix rows in SWE-bench's shape (instance_id, repo,
 * base_commit, problem_statement, patch), read from a public repository that
 * commits it, at a pinned commit.
 */
const issueSourceSchema = z.object({
  /** The repository holding the file ("owner/name"); its mirror sits beside the others. */
  repo: ownerName,
  commit,
  /** The file's path in that repository. */
  path: z.string().min(1),
  /** Where the rows come from, for a reader of the recipe. */
  about: z.string().optional(),
});

const repositorySchema = z.object({
  repo: ownerName,
  /** The instances' `language` ("python", "js", "rust", "java", "c", "cpp", "go"). */
  language: z
    .string()
    .refine((language) => familyOfLanguage(language) !== undefined, {
      message: `unknown language; expected one of ${KNOWN_LANGUAGES.join(", ")}`,
    }),
  /**
   * The mirror's commit the corpus is pinned to: history questions are the
   * commits before it; for issue rows it proves the mirror is recent enough.
   */
  commit,
  /** Which part the repository's instances go to; a repository is never split. */
  part: z.enum(["train", "heldout"]),
  questions: z.discriminatedUnion("from", [
    /** `questionsFromHistory`: the `count` most recent qualifying commits before `commit`. */
    z.object({
      from: z.literal("history"),
      count: z.number().int().positive(),
    }),
    /** Up to `count` of the repository's rows in the named issue source. */
    z.object({
      from: z.literal("issues"),
      source: z.string().min(1),
      count: z.number().int().positive(),
    }),
  ]),
});

const recipeSchema = z
  .object({
    issueSources: z.record(z.string(), issueSourceSchema).default({}),
    repositories: z.array(repositorySchema).min(1),
  })
  .superRefine((recipe, ctx) => {
    const seen = new Set<string>();
    recipe.repositories.forEach((entry, i) => {
      if (seen.has(entry.repo))
        ctx.addIssue({
          code: "custom",
          path: ["repositories", i, "repo"],
          message: `${entry.repo} is listed twice`,
        });
      seen.add(entry.repo);
      if (
        entry.questions.from === "issues" &&
        !(entry.questions.source in recipe.issueSources)
      )
        ctx.addIssue({
          code: "custom",
          path: ["repositories", i, "questions", "source"],
          message: `no issue source named "${entry.questions.source}"`,
        });
    });
  });

export type Recipe = z.infer<typeof recipeSchema>;
export type RecipeRepository = Recipe["repositories"][number];
export type IssueSource = z.infer<typeof issueSourceSchema>;
export type CorpusPart = RecipeRepository["part"];

/**
 * Parses a corpus recipe (bench/corpus/recipe.json); throws with every
 * problem's path, so a typo in a pinned commit or a part is named before
 * any mirror is read.
 *
 * @example
 * parseRecipe('{"repositories":[{"repo":"psf/black","language":"python","commit":"<40 hex>","part":"train","questions":{"from":"history","count":15}}]}')
 * // { issueSources: {}, repositories: [{ repo: "psf/black", … }] }
 */
export function parseRecipe(text: string, source = "recipe"): Recipe {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new Error(`${source} is not JSON: ${(error as Error).message}`);
  }
  const parsed = recipeSchema.safeParse(json);
  if (!parsed.success)
    throw new Error(
      `${source} is not a corpus recipe: ${parsed.error.issues
        .map(
          (issue) => `${issue.path.join(".") || "(recipe)"}: ${issue.message}`,
        )
        .join("; ")}.`,
    );
  return parsed.data;
}

/**
 * `count` items spread evenly over `items` (the first always among them), in
 * their order: a sample of an issue source that spans its years rather than
 * its oldest rows. All of them when there are no more than `count`.
 *
 * @example
 * spreadEvenly(["a", "b", "c", "d", "e", "f"], 3) // ["a", "c", "e"]
 */
export function spreadEvenly<T>(items: readonly T[], count: number): T[] {
  if (items.length <= count) return [...items];
  return Array.from(
    { length: count },
    (_, i) => items[Math.floor((i * items.length) / count)] as T,
  );
}
