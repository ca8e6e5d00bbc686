import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { createLocalCodeHost } from "../code-host/local/local-code-host.js";
import { assertDirectory } from "../code-host/local/assert-directory.js";
import { detectRepository } from "../code-host/local/detect-repository.js";
import { DEFAULT_DERIVED_CACHE_MAX_BYTES } from "../config/read-cache-defaults.js";
import { buildEvalReport, type EvalReport } from "../eval/eval-report.js";
import { questionsFromHistory } from "../eval/questions-from-history.js";
import { renderEvalReport } from "../eval/render-eval-report.js";
import { scoreLine } from "../eval/score-line.js";
import type { InstanceResult } from "../eval/result-types.js";
import { runInstance } from "../eval/run-instance.js";
import {
  createDerivedCache,
  type DerivedCache,
} from "../retrieval/index/derived-cache.js";
import { packedContextTokens } from "../config/packed-context-tokens.js";
import { ConfigError } from "../shared/errors.js";
import { createTokenCounter } from "../tokens/create-token-counter.js";
import { createPathPolicy } from "../tools/path-policy.js";
import { readBuildId } from "./build-id.js";
import { checkoutExcludes } from "./checkout-excludes.js";
import { openCliCaches } from "./open-cli-caches.js";
import type { EvalArgs } from "./parse-eval-args.js";
import { stderrLog } from "./stderr-log.js";

export interface RunEvalDeps {
  createTokenCounter: typeof createTokenCounter;
  runInstance: typeof runInstance;
  /** What indexing derived, kept in the cache directory (`--cache-dir`); not called with `--no-cache`. */
  openDerivedCache: (dir: string) => Promise<DerivedCache | undefined>;
  now: () => number;
}

const REPO_EXPECTED = "give --repo the top of a checkout or a bare clone";

const defaultDeps: RunEvalDeps = {
  createTokenCounter,
  runInstance,
  openDerivedCache: async (dir) =>
    (await openCliCaches(dir, { buildId: readBuildId(), log: stderrLog }))
      .derived,
  now: () => performance.now(),
};

/**
 * `askcode eval`: askcode's retrieval measured on a repository's own history.
 *
 * 1. check that `--repo` is a git repository and resolve `--ref` once;
 * 2. mine the questions (`questionsFromHistory`): the most recent qualifying
 *    commits' messages, asked at their parents, their diffs the gold;
 * 3. per question, from git objects at the parent: the exclude rule
 *    (`.github/askcode.yml`'s `exclude_paths` there, unless `--no-config`,
 *    then `--exclude`, and secret-looking files as always), then
 *    `runInstance`: askcode's reading, index, ranking and packing at every
 *    budget beside SWE-bench's BM25, each context scored; a line on stderr
 *    each, since a run takes minutes;
 * 4. print the report (`renderEvalReport`); write it with every result to
 *    `--json`.
 *
 * What indexing derives per file is shared across the questions (one
 * commit's files are mostly its neighbour's), and kept in the cache
 * directory for the next run. Throws ConfigError when the repository, the
 * ref or the history gives nothing to measure.
 */
export async function runEval(
  args: EvalArgs,
  io: {
    stdout: { write(text: string): unknown };
    stderr: { write(text: string): unknown };
  },
  deps: Partial<RunEvalDeps> = {},
): Promise<EvalReport> {
  const d = { ...defaultDeps, ...deps };
  const started = d.now();
  assertDirectory(args.repo, REPO_EXPECTED);
  const { kind, refused } = await detectRepository(args.repo);
  if (refused) throw new ConfigError(refused);
  if (kind === "none")
    throw new ConfigError(
      `${args.repo} is not a git repository (or is a folder inside one): askcode eval asks questions from its commits. Give --repo the top of a checkout or a bare clone.`,
    );
  const host = createLocalCodeHost({ root: args.repo });
  try {
    const { sha } = await host.resolveRef(args.ref);
    const history = questionsFromHistory({
      mirror: args.repo,
      commit: sha,
      count: args.commits,
      maxFiles: args.maxFiles,
      minWords: args.minWords,
    });
    if (history.questions.length === 0)
      throw new ConfigError(
        `No commit of ${args.repo} at ${args.ref} makes a question: of ${history.scanned} first-parent, non-merge commits read, ` +
          `${history.skipped.bot} were by a bot, ${history.skipped["not-source"]} changed other than existing source files, ` +
          `${history.skipped["too-many-files"]} more than ${args.maxFiles} files, and ${history.skipped["short-message"]} had a message under ${args.minWords} words. ` +
          `Try --max-files or --min-words.`,
      );
    const tokenCounter = d.createTokenCounter({ model: args.model });
    // What the app packs for each budgets.context: all of it with no model, a share with one.
    const codeBudgets = args.budgets.map((context) =>
      packedContextTokens({ context }, { withModel: args.withModel }),
    );
    const derived =
      (args.cacheDir ? await d.openDerivedCache(args.cacheDir) : undefined) ??
      createDerivedCache({ maxBytes: DEFAULT_DERIVED_CACHE_MAX_BYTES });
    const results: InstanceResult[] = [];
    const excluded: Array<{ patterns: string[]; fromConfig: boolean }> = [];
    for (const [n, question] of history.questions.entries()) {
      const fromConfig = args.config
        ? await checkoutExcludes(host.at(question.base_commit), (note) =>
            io.stderr.write(`${question.instance_id}: ${note}\n`),
          )
        : [];
      const patterns = [...fromConfig, ...args.exclude];
      const policy = createPathPolicy(patterns);
      const result = await d.runInstance({
        instance: question,
        mirror: args.repo,
        budgets: codeBudgets,
        tokenCounter,
        derived,
        exclude: (file) => policy.hidden(file) !== undefined,
        // As \`askcode ask\` packs: with the history back from the parent,
        // never the commit asked about.
        history: true,
      });
      results.push(result);
      excluded.push({ patterns, fromConfig: fromConfig.length > 0 });
      io.stderr.write(
        `[${n + 1}/${history.questions.length}] ${progressLine(result)}\n`,
      );
    }
    await derived.save();
    const report = buildEvalReport({
      repository: args.repo,
      ref: args.ref,
      sha,
      budgets: args.budgets,
      codeBudgets,
      history: {
        scanned: history.scanned,
        skipped: history.skipped,
        maxFiles: args.maxFiles,
        minWords: args.minWords,
      },
      results,
      excluded,
      wallMs: d.now() - started,
    });
    io.stdout.write(renderEvalReport(report));
    if (args.json) {
      mkdirSync(path.dirname(args.json), { recursive: true });
      writeFileSync(
        args.json,
        JSON.stringify(
          { ...report, encoding: tokenCounter.encodingName, results },
          null,
          1,
        ) + "\n",
      );
      io.stdout.write(`JSON: ${args.json}\n`);
    }
    return report;
  } finally {
    await host.close();
  }
}

// "[3/30] o/r@1a2b3c4d5e typescript: askcode@8k body 1/2 lines 20/31 +map 2/2 | BM25 body 0/2 lines 0/31 +map 0/2 | 4.2 s"
function progressLine(r: InstanceResult): string {
  if (r.error) return `${r.instanceId} FAILED: ${r.error}`;
  const first = r.budgets[0];
  const s = (system: "askcode" | "bm25"): string => {
    const score = first?.systems[system].score;
    return score ? scoreLine(score) : "-";
  };
  return (
    `${r.instanceId} ${r.language}: askcode@${(first?.budget ?? 0) / 1000}k ${s("askcode")} | ` +
    `BM25 ${s("bm25")} | ${(r.timings.totalMs / 1000).toFixed(1)} s`
  );
}
