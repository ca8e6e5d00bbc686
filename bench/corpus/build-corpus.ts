import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import { questionsFromHistory } from "../../src/eval/questions-from-history.js";
import type { Instance } from "../../src/eval/instance.js";
import { mirrorPath } from "../swebench/mirror-path.js";
import type { CorpusPart, Recipe, RecipeRepository } from "./recipe.js";

/** One line of a corpus file: an instance as the harness reads it, and where it came from. */
export interface CorpusRow extends Instance {
  language: string;
  /** "history": every row is a history question. */
  source: "history";
}

export interface Corpus {
  /** Each part's rows, in the recipe's order of repositories, then newest commit first. */
  parts: Record<CorpusPart, CorpusRow[]>;
  /** A repository that yielded fewer instances than the recipe asks, said in a sentence. */
  notes: string[];
}

/**
 * Builds the corpus a recipe describes from git mirrors below `mirrors`
 * (laid out as `layout`, the harness's `--mirror-layout`): per repository,
 * history questions from `questionsFromHistory` at the pinned commit. Nothing is
 * fetched: a mirror without its pinned commit throws, naming
 * it. The same recipe and mirrors give the same rows (see `corpusJsonl`).
 *
 * @example
 * buildCorpus(parseRecipe(readFileSync("bench/corpus/recipe.json", "utf8")), { mirrors: "/work/.mirror" })
 * // { parts: { train: [{ instance_id: "psf/black@1a2b3c4d5e", … }, …], heldout: [ … ] }, notes: [] }
 */
export function buildCorpus(
  recipe: Recipe,
  options: { mirrors: string; layout?: string },
): Corpus {
  const corpus: Corpus = { parts: { train: [], heldout: [] }, notes: [] };
  for (const entry of recipe.repositories) {
    const mirror = mirrorPath(options.mirrors, entry.repo, options.layout);
    requireCommit(mirror, entry.commit, entry.repo);
    const rows = questionsFromHistory({
      mirror,
      commit: entry.commit,
      count: entry.questions.count,
    }).questions.map((q) => row(entry, q));
    if (rows.length < entry.questions.count)
      corpus.notes.push(
        `${entry.repo}: ${rows.length} of the ${entry.questions.count} instances the recipe asks for (qualifying commits ran out).`,
      );
    corpus.parts[entry.part].push(...rows);
  }
  return corpus;
}

/**
 * A part as JSON lines, one instance a line with its keys in a fixed order,
 * so the same corpus is the same bytes.
 */
export function corpusJsonl(rows: readonly CorpusRow[]): string {
  return rows
    .map(
      (r) =>
        `${JSON.stringify({
          instance_id: r.instance_id,
          repo: r.repo,
          base_commit: r.base_commit,
          problem_statement: r.problem_statement,
          gold_files: r.gold_files,
          gold_hunks: r.gold_hunks,
          language: r.language,
          source: r.source,
        })}\n`,
    )
    .join("");
}

// The recipe names the repository; a mirror layout without `owner+name` makes
// questionsFromHistory call it "local/<dir>", so the recipe's name wins.
function row(entry: RecipeRepository, instance: Instance): CorpusRow {
  const prefix = `${instance.repo}@`;
  const id = instance.instance_id.startsWith(prefix)
    ? `${entry.repo}@${instance.instance_id.slice(prefix.length)}`
    : instance.instance_id;
  return {
    instance_id: id,
    repo: entry.repo,
    base_commit: instance.base_commit,
    problem_statement: instance.problem_statement,
    gold_files: instance.gold_files,
    gold_hunks: instance.gold_hunks,
    language: entry.language,
    source: "history",
  };
}

function requireCommit(mirror: string, commit: string, repo: string): void {
  if (!existsSync(mirror))
    throw new Error(
      `${repo}: no git mirror at ${mirror}; clone or fetch it (see bench/corpus/README.md).`,
    );
  try {
    git(mirror, ["cat-file", "-e", `${commit}^{commit}`]);
  } catch {
    throw new Error(
      `${repo}: the mirror ${mirror} has no commit ${commit}; fetch a newer full-history snapshot (see bench/corpus/README.md).`,
    );
  }
}

function git(mirror: string, args: string[]): string {
  return execFileSync("git", ["-C", mirror, ...args], {
    maxBuffer: 512 * 1024 * 1024,
    stdio: ["ignore", "pipe", "pipe"],
  }).toString("utf8");
}
