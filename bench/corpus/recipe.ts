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

const repositorySchema = z.object({
  repo: ownerName,
  /** The instances' `language` ("python", "js", "rust", "java", "c", "cpp", "go"). */
  language: z
    .string()
    .refine((language) => familyOfLanguage(language) !== undefined, {
      message: `unknown language; expected one of ${KNOWN_LANGUAGES.join(", ")}`,
    }),
  /** The mirror's commit the corpus is pinned to: history questions are the commits before it. */
  commit,
  /** Which part the repository's instances go to; a repository is never split. */
  part: z.enum(["train", "heldout"]),
  /**
   * `questionsFromHistory`: the `count` most recent qualifying commits before
   * `commit`. Issue rows from SWE-bench's test split were read here once; they
   * went with issue 38 (no training or tuning on those repositories), and real
   * issues for training are the training set's (bench/train/README.md).
   */
  questions: z.object({
    from: z.literal("history"),
    count: z.number().int().positive(),
  }),
});

const recipeSchema = z
  .object({
    repositories: z.array(repositorySchema).min(1),
  })
  // An old recipe's issueSources is named, not silently dropped.
  .strict()
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
    });
  });

export type Recipe = z.infer<typeof recipeSchema>;
export type RecipeRepository = Recipe["repositories"][number];
export type CorpusPart = RecipeRepository["part"];

/**
 * Parses a corpus recipe (bench/corpus/recipe.json); throws with every
 * problem's path, so a typo in a pinned commit or a part is named before
 * any mirror is read.
 *
 * @example
 * parseRecipe('{"repositories":[{"repo":"psf/black","language":"python","commit":"<40 hex>","part":"train","questions":{"from":"history","count":15}}]}')
 * // { repositories: [{ repo: "psf/black", … }] }
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
