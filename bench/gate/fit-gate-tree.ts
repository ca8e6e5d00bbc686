import {
  CONFIDENCE_SIGNALS,
  type ConfidenceSignal,
} from "../../src/retrieval/confidence/confidence-signals.js";
import type {
  GateNode,
  TreeGate,
} from "../../src/retrieval/confidence/gate-model.js";
import type { GateExample } from "./fit-gate-model.js";

/** How a gate tree grows (`fitGateTree`). */
export interface TreeOptions {
  /** Splits from the root to a leaf, at most (default 3: eight leaves). */
  depth?: number;
  /** Questions a leaf must hold, at least (default 15): a leaf of five promises nothing. */
  minLeaf?: number;
  /** The signals it may split on (default: all). */
  signals?: readonly ConfidenceSignal[];
}

// A signal with more distinct values than this is split at its deciles only:
// the exact value between two training questions would be a guess about unseen ones.
const MAX_CUTS = 12;

/**
 * Grows a small decision tree over the gate's signals: each node takes the
 * split (a signal at least a value) that leaves the fewest wrongly-guessed
 * questions by Gini impurity, until `depth` or `minLeaf` stops it; a leaf
 * scores the share of its questions that hit, smoothed toward one half
 * ((hits + 1) / (questions + 2)), so a small pure leaf does not promise
 * certainty. Deterministic: ties go to the earlier signal of
 * CONFIDENCE_SIGNALS and the lower value, so the same questions in any
 * order give the same table.
 *
 * @example
 * fitGateTree(examples, { depth: 2 }).nodes[0] // { signal: "smallRepository", atLeast: 0.513, then: 1, else: 4 }
 */
export function fitGateTree(
  examples: readonly GateExample[],
  options: TreeOptions = {},
): TreeGate {
  if (examples.length === 0)
    throw new Error(
      "fitGateTree: no example to fit (no run recorded the gate's signals)",
    );
  const depth = options.depth ?? 3;
  const minLeaf = options.minLeaf ?? 15;
  const signals = CONFIDENCE_SIGNALS.filter(
    (s) => !options.signals || options.signals.includes(s),
  );
  const nodes: GateNode[] = [];
  const grow = (rows: readonly GateExample[], left: number): number => {
    const at = nodes.length;
    const hits = rows.filter((r) => r.hit).length;
    nodes.push({ leaf: round((hits + 1) / (rows.length + 2)) });
    const split = left > 0 ? bestSplit(rows, signals, minLeaf) : undefined;
    if (!split) return at;
    const value = (r: GateExample) => r.signals[split.signal] ?? 0;
    const then = grow(
      rows.filter((r) => value(r) >= split.atLeast),
      left - 1,
    );
    const otherwise = grow(
      rows.filter((r) => value(r) < split.atLeast),
      left - 1,
    );
    nodes[at] = { ...split, then, else: otherwise };
    return at;
  };
  grow(examples, depth);
  return { kind: "tree", nodes };
}

function bestSplit(
  rows: readonly GateExample[],
  signals: readonly ConfidenceSignal[],
  minLeaf: number,
): { signal: ConfidenceSignal; atLeast: number } | undefined {
  let best:
    { signal: ConfidenceSignal; atLeast: number; cost: number } | undefined;
  for (const signal of signals) {
    const values = rows.map((r) => r.signals[signal] ?? 0);
    for (const atLeast of cuts(values)) {
      let above = 0;
      let aboveHits = 0;
      let hits = 0;
      rows.forEach((r, i) => {
        if (r.hit) hits++;
        if ((values[i] as number) >= atLeast) {
          above++;
          if (r.hit) aboveHits++;
        }
      });
      const below = rows.length - above;
      if (above < minLeaf || below < minLeaf) continue;
      const cost = gini(above, aboveHits) + gini(below, hits - aboveHits);
      // A strictly better cost only: ties keep the earlier signal and lower value.
      if (!best || cost < best.cost - 1e-12) best = { signal, atLeast, cost };
    }
  }
  return best && { signal: best.signal, atLeast: best.atLeast };
}

// The values a split may be at: each distinct value, or the deciles of many.
function cuts(values: readonly number[]): number[] {
  const sorted = [...values].sort((a, b) => a - b);
  const distinct = [...new Set(sorted)];
  if (distinct.length <= MAX_CUTS) return distinct.slice(1);
  const deciles = Array.from({ length: 9 }, (_, i) =>
    round(sorted[Math.floor(((i + 1) * sorted.length) / 10)] as number),
  );
  return [...new Set(deciles)];
}

// n × the Gini impurity of n questions with `hits` hits.
function gini(n: number, hits: number): number {
  if (n === 0) return 0;
  const p = hits / n;
  return n * 2 * p * (1 - p);
}

// A table is shipped as source: four decimals say all the fit knows.
function round(x: number): number {
  return Math.round(x * 1e4) / 1e4;
}
