import { CHUNK_SIGNALS, type ChunkSignal } from "./chunk-signals.js";

/**
 * One regression tree over chunk signals, as data: node 0 is the root; a
 * split `[signal, threshold, left, right]` sends a chunk whose signal is at
 * most the threshold to node `left`, else to node `right`; a leaf `[value]`
 * adds its value to the chunk's logit. Boosted trees are fitted by
 * `npm run fit:weights -- --chunk-model --trees` (bench/weights/boost-trees.ts)
 * on what a linear head misses, so a head's logit is its dot product plus
 * the sum of its trees' leaves.
 */
export type ChunkTree = readonly ChunkTreeNode[];
export type ChunkTreeNode =
  | readonly [
      signal: ChunkSignal,
      threshold: number,
      left: number,
      right: number,
    ]
  | readonly [value: number];

/** A forest compiled to columns, walked without a lookup per node. */
interface Compiled {
  roots: Int32Array;
  /** Per node: the signal's column, or -1 for a leaf. */
  column: Int32Array;
  /** Per node: the split's threshold, or the leaf's value. */
  value: Float64Array;
  left: Int32Array;
  right: Int32Array;
}

const COLUMN = new Map<string, number>(CHUNK_SIGNALS.map((s, i) => [s, i]));
// Packing evaluates a head's trees on every ranked chunk of each question:
// compiled once per forest, not per question.
const compiled = new WeakMap<readonly ChunkTree[], Compiled>();

/**
 * The sum of the trees' leaves for each row of `chunkSignals`, the forest
 * compiled once for all of them.
 *
 * @example
 * treesLogits([[["score", 0.5, 1, 2], [-0.2], [0.3]]], rows) // Float64Array [0.3, -0.2, …]: 0.3 where score > 0.5
 */
export function treesLogits(
  trees: readonly ChunkTree[],
  rows: readonly ArrayLike<number>[],
): Float64Array {
  const out = new Float64Array(rows.length);
  if (trees.length === 0) return out;
  const { roots, column, value, left, right } = compiledTrees(trees);
  for (let r = 0; r < rows.length; r++) {
    const x = rows[r] as ArrayLike<number>;
    let sum = 0;
    for (let t = 0; t < roots.length; t++) {
      let n = roots[t] as number;
      let c = column[n] as number;
      while (c >= 0) {
        n =
          (x[c] as number) <= (value[n] as number)
            ? (left[n] as number)
            : (right[n] as number);
        c = column[n] as number;
      }
      sum += value[n] as number;
    }
    out[r] = sum;
  }
  return out;
}

/**
 * The forest in columns, checked: every split names a signal of
 * `CHUNK_SIGNALS` and points at nodes of its own tree below it, so a model
 * fitted over other signals, or a hand-edited tree that loops, is refused
 * with where it is wrong rather than read against the wrong columns.
 */
export function compiledTrees(trees: readonly ChunkTree[]): Compiled {
  const known = compiled.get(trees);
  if (known) return known;
  const size = trees.reduce((sum, t) => sum + t.length, 0);
  const f: Compiled = {
    roots: new Int32Array(trees.length),
    column: new Int32Array(size),
    value: new Float64Array(size),
    left: new Int32Array(size),
    right: new Int32Array(size),
  };
  let at = 0;
  for (const [t, tree] of trees.entries()) {
    if (tree.length === 0) throw new TypeError(`chunk tree ${t} has no node`);
    f.roots[t] = at;
    for (const [n, node] of tree.entries()) {
      const i = at + n;
      if (node.length === 1) {
        f.column[i] = -1;
        f.value[i] = node[0];
        continue;
      }
      const [signal, threshold, left, right] = node;
      const column = COLUMN.get(signal);
      if (column === undefined)
        throw new TypeError(
          `chunk tree ${t} node ${n} splits on "${signal}", which is not a chunk signal (${CHUNK_SIGNALS.join(", ")})`,
        );
      for (const child of [left, right])
        if (!Number.isInteger(child) || child <= n || child >= tree.length)
          throw new TypeError(
            `chunk tree ${t} node ${n} points at node ${child}: children come after their split, within the tree's ${tree.length} nodes`,
          );
      f.column[i] = column;
      f.value[i] = threshold;
      f.left[i] = at + left;
      f.right[i] = at + right;
    }
    at += tree.length;
  }
  compiled.set(trees, f);
  return f;
}
