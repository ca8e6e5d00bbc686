import { CHUNK_MODEL } from "../../src/retrieval/rank/chunk-model-weights.js";
// The SWE-bench retrieval benchmark (issue 3): askcode's retrieval and packing
// beside SWE-bench's own BM25 retrieval, on real issues at their base commits.
//   npm run bench:swebench -- --help
//
// 1. Load the instances and check that every repository has a git mirror.
// 2. Run the instances one at a time (see runInstance), logging a line each
//    and rewriting the JSON as it goes, so a long run can be watched and a
//    crash loses nothing.
// 3. Print askcode beside the baseline per budget and per repository, the
//    timings and the peak memory; write everything to --out.
// Speed is measured here, never asserted in a test.
import { createDerivedCache } from "../../src/retrieval/index/derived-cache.js";
import { mkdirSync, writeFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { createTokenCounter } from "../../src/tokens/create-token-counter.js";
import { buildReport, REPOSITORY_BUDGET, type Report } from "./build-report.js";
import { loadInstances, selectInstances } from "./load-instances.js";
import { createMemorySampler } from "./memory-sampler.js";
import { mirrorPath, missingMirrors } from "./mirror-path.js";
import { missingDataMessage, missingMirrorsMessage } from "./missing-inputs.js";
import {
  BENCH_USAGE,
  parseBenchArgs,
  type BenchArgs,
} from "./parse-bench-args.js";
import { loadOperatorConfig } from "../../src/config/operator-config.js";
import {
  startMirrorStandIn,
  type MirrorStandIn,
} from "../../scripts/github-mirror-stand-in.js";
import { questionsFromHistory } from "../../src/eval/questions-from-history.js";
import { renderReport } from "./render-report.js";
import {
  nextCommits,
  runInstanceOnGithub,
  type GithubInstanceResult,
  type QuestionCost,
} from "./run-instance-github.js";
import { createVirtualClock } from "./virtual-clock.js";
import type { InstanceResult } from "../../src/eval/result-types.js";
import { scoreLine } from "../../src/eval/score-line.js";
import { BM25_TOP_K } from "../../src/eval/rank-baseline.js";
import { runInstance } from "../../src/eval/run-instance.js";
import { sourceFingerprint } from "./source-fingerprint.js";
import type { EvidenceWeights } from "../../src/retrieval/rank/evidence-weights.js";
import { readWeights } from "./read-weights.js";
import { partRepositories } from "../train/read-split.js";
import { queryOptions } from "./query-options.js";
import { readVariants, variantPath } from "./read-variants.js";
import { variantResult } from "./variant-result.js";
import type { PackVariant } from "../../src/eval/run-budget.js";

const VARIANT_WRITES = 10;

async function main(argv: string[]): Promise<number> {
  let args: BenchArgs;
  let weights: EvidenceWeights | undefined;
  let partRepos: ReadonlySet<string> | undefined;
  let variants: PackVariant[] = [];
  try {
    args = parseBenchArgs(argv);
    weights = args.weights ? readWeights(args.weights) : undefined;
    if (args.variants) variants = readVariants(args.variants, CHUNK_MODEL);
    partRepos = args.split ? partRepositories(args.split) : undefined;
  } catch (error) {
    process.stderr.write(`${(error as Error).message}\n`);
    return 2;
  }
  if (args.help) {
    process.stdout.write(BENCH_USAGE);
    return 0;
  }

  const query = queryOptions(args);

  // 1. Instances and mirrors: say what is missing and how to get it.
  // With --repo-at, questions come from each repository's own history instead.
  const historyMirrors = new Map<string, string>();
  const fromHistory = args.repoAt.flatMap(({ mirror, commit }) => {
    const { questions } = questionsFromHistory({
      mirror,
      commit,
      count: args.historyQuestions,
    });
    for (const q of questions) historyMirrors.set(q.repo, resolve(mirror));
    return questions;
  });
  const mirrorOf = (repo: string) =>
    historyMirrors.get(repo) ??
    mirrorPath(args.mirrors, repo, args.mirrorLayout);
  const noData = args.repoAt.length > 0 ? undefined : missingDataMessage(args);
  if (noData) {
    process.stderr.write(noData);
    return 2;
  }
  const all =
    args.repoAt.length > 0
      ? fromHistory
      : await loadInstances(args.data, (note) =>
          process.stderr.write(`${note}\n`),
        );
  const instances = selectInstances(all, {
    repo: args.repo,
    ...(partRepos ? { repos: partRepos } : {}),
    ids: args.instances,
    limit: args.limit,
    perRepo: args.perRepo,
  });
  if (instances.length === 0) {
    process.stderr.write(`No instance in ${args.data} matches the filters.\n`);
    return 2;
  }
  const missing = missingMirrors(
    args.mirrors,
    instances.map((i) => i.repo).filter((repo) => !historyMirrors.has(repo)),
    args.mirrorLayout,
  );
  if (missing.length > 0) {
    process.stderr.write(missingMirrorsMessage(args, missing));
    return 2;
  }

  // 2. One instance at a time: memory figures are then one instance's.
  const tokenCounter = createTokenCounter({ model: args.model });
  // Load the rank table now (about a second), not inside the first instance's timing.
  tokenCounter.count("warm up the encoder");
  // The syntax trees' runtime is imported when the first grammar loads: a
  // process's load (a few MB of garbage), not the first instance's index.
  await import("web-tree-sitter");
  const memory = createMemorySampler();
  memory.nextWindow(); // the encoder's load is not the first instance's
  const started = performance.now();
  const results: InstanceResult[] = [];
  const out = resolve(args.out);
  mkdirSync(dirname(out), { recursive: true });
  const meta = {
    args,
    node: process.version,
    encoding: tokenCounter.encodingName,
    source: sourceFingerprint(process.cwd()),
    startedAt: new Date().toISOString(),
  };
  // The github mode: one stand-in per repository, one virtual clock for its
  // code-search limit and askcode's pacer (waits cost no real time).
  const github: GithubInstanceResult[] = [];
  const clock = createVirtualClock();
  const standIns = new Map<string, MirrorStandIn>();
  const operator = loadOperatorConfig(process.env);
  const next =
    args.via === "github" ? nextCommits(mirrorOf, instances) : new Map();
  // Each variant's file holds its packing as askcode's (its own report,
  // no github runs, the run's timings); the run's file holds none. Variants
  // are written every VARIANT_WRITES instances: dozens of files rewritten
  // whole after each would cost more than packing them.
  const written = (file: string, runs: InstanceResult[], extra: object) => {
    const report = buildReport(
      runs,
      args.budgets,
      performance.now() - started,
      memory.peaks(),
    );
    writeFileSync(
      file,
      JSON.stringify({ ...meta, ...extra, ...report, results: runs }, null, 1) +
        "\n",
    );
    return report;
  };
  const write = (complete: boolean): Report => {
    if (complete || results.length % VARIANT_WRITES === 0)
      for (const v of variants)
        written(
          variantPath(out, v.name),
          results.map((r) => variantResult(r, v.name)),
          { complete, variant: v, github: [] },
        );
    return written(
      out,
      results.map((r) => variantResult(r)),
      { complete, github },
    );
  };
  // Held derivations count in the heap figures, as they do in the app, under
  // the app's bound (ASKCODE_DERIVED_CACHE_MAX_BYTES).
  const derived = args.warmIndex
    ? createDerivedCache({
        maxBytes: Math.max(1, operator.derivedCacheMaxBytes),
      })
    : undefined;
  for (const [n, instance] of instances.entries()) {
    const result = await runInstance({
      instance,
      mirror: mirrorOf(instance.repo),
      budgets: args.budgets,
      tokenCounter,
      sampleMemory: memory.sample,
      ...(derived ? { derived } : {}),
      lazyIndex: args.lazyIndex,
      ...(args.chunk ? { chunk: args.chunk } : {}),
      history: args.history,
      ...(args.lazyTopFiles !== undefined
        ? { lazyTopFiles: args.lazyTopFiles }
        : {}),
      ...(args.mapShare !== undefined ? { mapShare: args.mapShare } : {}),
      ...(args.chunkModel ? { chunkModel: CHUNK_MODEL } : {}),
      ...(weights ? { weights } : {}),
      ...(variants.length > 0 ? { variants } : {}),
      ...(query ? { query } : {}),
    });
    const window = memory.nextWindow();
    result.memory.heapPeakMb = window.peakMb;
    result.memory.heapAfterGcMb = window.afterGcMb;
    // Kept as a copy: the result's strings (paths parsed out of each packed
    // context, BM25's ids) are V8 slices of the instance's texts, and a slice
    // keeps its whole parent alive: about 1.7 MB per instance, growing the
    // heap after GC from 92 to 178 MB over 50 instances (0.37 MB with this).
    results.push(structuredClone(result));
    process.stderr.write(
      `[${n + 1}/${instances.length}] ${progressLine(result)}\n`,
    );
    if (args.via === "github") {
      let standIn = standIns.get(instance.repo);
      if (!standIn) {
        const [owner = "", repo = ""] = instance.repo.split("/");
        standIn = await startMirrorStandIn({
          gitDir: mirrorOf(instance.repo),
          owner,
          repo,
          clock,
        });
        standIns.set(instance.repo, standIn);
      }
      const run = await runInstanceOnGithub({
        instance,
        mirror: mirrorOf(instance.repo),
        standIn,
        clock,
        next: next.get(instance.instance_id),
        budgets: args.budgets,
        tokenCounter,
        operator,
        candidates: args.candidates,
        sampleMemory: memory.sample,
      });
      run.heapPeakMb = memory.nextWindow().peakMb;
      github.push(structuredClone(run));
      process.stderr.write(`      github: ${githubProgressLine(run)}\n`);
    }
    write(false);
  }
  for (const standIn of standIns.values()) await standIn.close();
  memory.stop();
  const report = write(true);

  // 3. The tables.
  process.stdout.write(renderReport(report, results, out, github));
  return 0;
}

function progressLine(r: InstanceResult): string {
  if (r.error) return `${r.instanceId} FAILED: ${r.error}`;
  const at =
    r.budgets.find((b) => b.budget === REPOSITORY_BUDGET) ?? r.budgets[0];
  const s = (name: "askcode" | "bm25"): string => {
    const score = at?.systems[name].score;
    return score ? scoreLine(score) : "-";
  };
  const secs = (ms: number): string => `${(ms / 1000).toFixed(1)}s`;
  return (
    `${r.instanceId} ${r.filesRead} files, read ${secs(r.timings.readMs)} index ${secs(r.timings.indexMs)} ` +
    `ask@${(at?.budget ?? 0) / 1000}k ${secs(at?.askcodeMs ?? 0)} | askcode ${s("askcode")} | bm25 ${s("bm25")} ` +
    `(gold in top ${BM25_TOP_K}: ${r.goldInTop20}) | heap peak ${r.memory.heapPeakMb.toFixed(0)} MB, after GC ${r.memory.heapAfterGcMb.toFixed(0)} MB`
  );
}

function githubProgressLine(r: GithubInstanceResult): string {
  if (r.error) return `FAILED: ${r.error}`;
  const at = r.budgets[0];
  const cost = (c: QuestionCost | undefined) =>
    c
      ? `${c.totalRequests} req ${(c.bytes / 1e6).toFixed(1)} MB ${(c.contextMs / 1000).toFixed(1)}s`
      : "-";
  return (
    `${r.cold?.mode} ${r.cold?.files} files | @${(at?.budget ?? 0) / 1000}k ${at ? scoreLine(at.score) : "-"} | cold ${cost(r.cold)} (download ${((r.cold?.downloadMs ?? 0) / 1000).toFixed(1)}s, search wait ${r.cold?.searchWaitSeconds ?? 0}s virtual) ` +
    `| again ${cost(r.again)} | next ${cost(r.next)} | heap peak ${r.heapPeakMb.toFixed(0)} MB`
  );
}

process.exitCode = await main(process.argv.slice(2));
