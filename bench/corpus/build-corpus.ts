import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import { questionsFromHistory } from "../../src/eval/questions-from-history.js";
import type { Instance } from "../../src/eval/instance.js";
import { parseInstances } from "../swebench/load-instances.js";
import { mirrorPath } from "../swebench/mirror-path.js";
import {
  spreadEvenly,
  type CorpusPart,
  type Recipe,
  type RecipeRepository,
} from "./recipe.js";

/** One line of a corpus file: an instance as the harness reads it, and where it came from. */
export interface CorpusRow extends Instance {
  language: string;
  /** "history", or the name of the recipe's issue source. */
  source: string;
}

export interface Corpus {
  /** Each part's rows, in the recipe's order of repositories, then each source's order. */
  parts: Record<CorpusPart, CorpusRow[]>;
  /** A repository that yielded fewer instances than the recipe asks, said in a sentence. */
  notes: string[];
}

/**
 * Builds the corpus a recipe describes from git mirrors below `mirrors`
 * (laid out as `layout`, the harness's `--mirror-layout`): per repository,
 * history questions from `questionsFromHistory` at the pinned commit, or rows
 * of an issue source read with `git show` from its own mirror at its pinned
 * commit, their gold read from the patch by `parseInstances`. Nothing is
 * fetched: a mirror without a pinned commit or a base commit throws, naming
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
  const issueRows = new Map<string, Instance[]>();
  for (const entry of recipe.repositories) {
    const mirror = mirrorPath(options.mirrors, entry.repo, options.layout);
    requireCommit(mirror, entry.commit, entry.repo);
    let rows: CorpusRow[];
    if (entry.questions.from === "history") {
      rows = questionsFromHistory({
        mirror,
        commit: entry.commit,
        count: entry.questions.count,
      }).questions.map((q) => row(entry, q, "history"));
    } else {
      const name = entry.questions.source;
      let all = issueRows.get(name);
      if (all === undefined) {
        all = readIssueSource(recipe, name, options);
        issueRows.set(name, all);
      }
      const own = all.filter((instance) => instance.repo === entry.repo);
      rows = spreadEvenly(own, entry.questions.count).map((instance) => {
        requireCommit(mirror, instance.base_commit, entry.repo);
        return row(entry, instance, name);
      });
    }
    if (rows.length < entry.questions.count)
      corpus.notes.push(
        `${entry.repo}: ${rows.length} of the ${entry.questions.count} instances the recipe asks for (${entry.questions.from === "history" ? "qualifying commits" : "rows of the source"} ran out).`,
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
function row(
  entry: RecipeRepository,
  instance: Instance,
  source: string,
): CorpusRow {
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
    source,
  };
}

function readIssueSource(
  recipe: Recipe,
  name: string,
  options: { mirrors: string; layout?: string },
): Instance[] {
  const source = recipe.issueSources[name];
  if (source === undefined)
    throw new Error(`The recipe has no issue source named "${name}".`);
  const mirror = mirrorPath(options.mirrors, source.repo, options.layout);
  requireCommit(mirror, source.commit, source.repo);
  const text = git(mirror, ["show", `${source.commit}:${source.path}`]);
  return parseInstances(text, `${source.repo}@${source.commit}:${source.path}`);
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
