// Issue 38's second look, measured: labels the chunks of files a simulated
// first pass shows but does not take, with their relations to the chunks
// taken of their file, and fits how those relations scale the shipped chunk
// model's expected lines (a Poisson regression with the model's expectation
// as offset). `node --import tsx bench/weights/second-look.ts DATA MIRRORS
// SPLIT PART PER_REPO OUT`.
import { writeFileSync } from "node:fs";
import { createDerivedCache } from "../../src/retrieval/index/derived-cache.js";
import { analyzeQuery } from "../../src/retrieval/query/query-analysis.js";
import { rankChunks } from "../../src/retrieval/rank/rank-chunks.js";
import { chunkSignals } from "../../src/retrieval/rank/chunk-signals.js";
import { chunkOdds } from "../../src/retrieval/rank/chunk-model.js";
import { CHUNK_MODEL } from "../../src/retrieval/rank/chunk-model-weights.js";
import {
  LEAD_SIGNALS,
  leadSignalValues,
  relationsTo,
} from "../../src/retrieval/rank/file-lead-relations.js";
import { learnedOrder } from "../../src/retrieval/pack/learned-order.js";
import {
  estimateTokens,
  SECTION_TOKENS,
} from "../../src/retrieval/pack/expected-gold.js";
import { structureOf } from "../../src/retrieval/pack/place-chunk.js";
import { loadInstances, selectInstances } from "../swebench/load-instances.js";
import { partRepositories, splitOption } from "../train/read-split.js";
import { DEFAULT_MIRROR_LAYOUT, mirrorPath } from "../swebench/mirror-path.js";
import { indexInstance } from "./index-instance.js";

// 13k less the map's share: the code's budget, in estimated tokens.
const CODE_BUDGET = 12_350;
const TUNING = {
  compressBelow: 0.25,
  metadataBelow: 0.1,
  compressAboveTokens: 150,
};

interface Row {
  rel: number[];
  offset: number;
  gold: number;
  repo: string;
}

async function label(args: string[]): Promise<Row[]> {
  const [data, mirrors, splitPath, part, perRepo] = args as [
    string,
    string,
    string,
    string,
    string,
  ];
  const split = splitOption(splitPath, part);
  const repos = split ? partRepositories(split) : undefined;
  const instances = selectInstances(await loadInstances(data, () => {}), {
    ...(repos ? { repos } : {}),
    perRepo: Number(perRepo),
  });
  const derived = createDerivedCache({ maxBytes: 2 * 1024 ** 3 });
  const rows: Row[] = [];
  for (const [n, instance] of instances.entries()) {
    const { index, gold, goldByPath } = await indexInstance(
      instance,
      mirrorPath(mirrors, instance.repo, DEFAULT_MIRROR_LAYOUT),
      derived,
    );
    const goldLines = gold.filter((g) => index.byPath.has(g.path)).length;
    if (goldLines === 0) continue;
    const { ranked } = rankChunks(
      index,
      analyzeQuery(instance.problem_statement),
      { maxResults: 600 },
    );
    const odds = chunkOdds(chunkSignals(ranked), CHUNK_MODEL);
    const { candidates, offers } = learnedOrder(ranked, CHUNK_MODEL, TUNING);
    const at = new Map(ranked.map((r, i) => [r, i]));
    // The first pass, on estimates: each offer taken where it fits.
    let used = 0;
    const shownFiles = new Set<number>();
    const taken = new Map<number, number>(); // ranked index → tokens taken
    for (const { rank, forms } of offers) {
      const c = candidates[rank]!;
      const i = at.get(c)!;
      const form = forms[0];
      const tokens =
        form === "full"
          ? estimateTokens(c.chunk.text)
          : estimateTokens(structureOf(c)?.text ?? c.chunk.text);
      const before = taken.get(i) ?? 0;
      const cost =
        tokens - before + (shownFiles.has(c.chunk.fileId) ? 0 : SECTION_TOKENS);
      if (used + cost > CODE_BUDGET) continue;
      used += cost;
      taken.set(i, tokens);
      shownFiles.add(c.chunk.fileId);
    }
    const takenOf = new Map<number, (typeof ranked)[number]["chunk"][]>();
    for (const i of taken.keys()) {
      const { chunk } = ranked[i]!;
      takenOf.set(chunk.fileId, [...(takenOf.get(chunk.fileId) ?? []), chunk]);
    }
    let labelled = 0;
    for (const [i, r] of ranked.entries()) {
      const shown = takenOf.get(r.chunk.fileId);
      if (!shown || taken.has(i)) continue;
      const lines = goldByPath.get(r.chunk.path);
      let held = 0;
      if (lines)
        for (let l = r.chunk.startLine; l <= r.chunk.endLine; l++)
          if (lines.has(l)) held++;
      rows.push({
        rel: leadSignalValues(relationsTo(r.chunk, shown)),
        offset: Math.log(odds[i]!.line * goldLines),
        gold: held,
        repo: instance.repo,
      });
      labelled++;
    }
    process.stderr.write(
      `[${n + 1}/${instances.length}] ${instance.instance_id}: ${labelled} unshown chunks of shown files\n`,
    );
  }
  return rows;
}

/** Poisson regression with offset, L2 on the weights (not the bias), by Newton steps. */
function fit(rows: readonly Row[], l2: number): number[] {
  const d = LEAD_SIGNALS.length + 1;
  const beta = new Array(d).fill(0);
  const xs = rows.map((r) => [1, ...r.rel]);
  for (let step = 0; step < 30; step++) {
    const g = new Array(d).fill(0);
    const h = Array.from({ length: d }, () => new Array(d).fill(0));
    for (const [k, r] of rows.entries()) {
      const x = xs[k]!;
      const mu = Math.exp(r.offset + x.reduce((s, v, j) => s + v * beta[j], 0));
      for (let a = 0; a < d; a++) {
        g[a] += (r.gold - mu) * x[a]!;
        for (let b = 0; b < d; b++) h[a]![b] += mu * x[a]! * x[b]!;
      }
    }
    for (let a = 1; a < d; a++) {
      g[a] -= l2 * rows.length * beta[a];
      h[a]![a] += l2 * rows.length;
    }
    const delta = solve(h, g);
    for (let a = 0; a < d; a++) beta[a] += delta[a]!;
    if (Math.max(...delta.map(Math.abs)) < 1e-8) break;
  }
  return beta;
}

function solve(a: number[][], b: number[]): number[] {
  const n = b.length;
  const m = a.map((row, i) => [...row, b[i]!]);
  for (let c = 0; c < n; c++) {
    let p = c;
    for (let r = c + 1; r < n; r++)
      if (Math.abs(m[r]![c]!) > Math.abs(m[p]![c]!)) p = r;
    [m[c], m[p]] = [m[p]!, m[c]!];
    const piv = m[c]![c]! || 1e-12;
    for (let r = 0; r < n; r++) {
      if (r === c) continue;
      const f = m[r]![c]! / piv;
      for (let k = c; k <= n; k++)
        (m[r] as number[])[k] = m[r]![k]! - f * m[c]![k]!;
    }
  }
  return m.map((row, i) => row[n]! / (row[i]! || 1e-12));
}

function deviance(rows: readonly Row[], beta: readonly number[]): number {
  let sum = 0;
  for (const r of rows) {
    const mu = Math.exp(
      r.offset + beta[0]! + r.rel.reduce((s, v, j) => s + v * beta[j + 1]!, 0),
    );
    sum += mu - r.gold * Math.log(mu);
  }
  return sum / rows.length;
}

const args = process.argv.slice(2);
const rows = await label(args);
const repos = [...new Set(rows.map((r) => r.repo))].sort();
const fold = new Map(repos.map((r, i) => [r, i % 4]));
const result: Record<string, unknown> = {
  rows: rows.length,
  gold: rows.reduce((s, r) => s + r.gold, 0),
};
for (const l2 of [0.0001, 0.001, 0.01]) {
  let held = 0;
  let base = 0;
  for (let f = 0; f < 4; f++) {
    const train = rows.filter((r) => fold.get(r.repo) !== f);
    const test = rows.filter((r) => fold.get(r.repo) === f);
    const beta = fit(train, l2);
    held += deviance(test, beta) * test.length;
    base += deviance(test, [0, ...LEAD_SIGNALS.map(() => 0)]) * test.length;
  }
  const beta = fit(rows, l2);
  result[`l2=${l2}`] = {
    heldOutLoss: held / rows.length,
    heldOutLossNoCorrection: base / rows.length,
    bias: beta[0],
    weights: Object.fromEntries(LEAD_SIGNALS.map((s, j) => [s, beta[j + 1]])),
  };
}
writeFileSync(args[5]!, JSON.stringify(result, null, 1));
console.log(JSON.stringify(result, null, 1));
