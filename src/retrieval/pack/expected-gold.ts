import type { ChunkModel, ChunkOdds } from "../rank/chunk-model.js";

// Tokens a file's section costs beyond its code (header, fences): what a
// file shown for the first time pays before its first line.
export const SECTION_TOKENS = 24;

/**
 * A chunk's tokens estimated from its characters (code averages about four
 * per token): the order is chosen on estimates, and only what is placed is
 * counted with the real tokenizer.
 *
 * @example
 * estimateTokens("def f():\n    return 1\n") // 6
 */
export function estimateTokens(text: string): number {
  return Math.ceil(text.length / 4);
}

/** One candidate as the order sees it. */
export interface ExpectedGoldCandidate {
  /** Its file: the first chunk of a file shown buys the file, later ones only lines. */
  file: number;
  /** Its score over the best chunk's (1 for the best). */
  share: number;
  tokens: number;
  odds: ChunkOdds;
}

/**
 * The order to offer chunks to the packer in: first the strong chunks (score
 * share `model.strong` or more) in rank order, then greedily the chunk that adds
 * the most expected gold per token, where a chunk's gain is its expected
 * share of the fix's changed lines, plus, while its file is not shown yet, the model's
 * `newFile` times its file's chance of being a changed file; tokens count
 * to the power `model.cost` (1: per token; below 1, a long chunk is
 * penalised less, as it tends to hold more of the fix's lines). So more of a
 * file already shown goes before another file's best chunk exactly when its
 * expected gold lines per token are higher.
 *
 * @example
 * orderByExpectedGold(candidates, model) // [0, 3, 1, 2, …]: positions in `candidates`
 */
export function orderByExpectedGold(
  candidates: readonly ExpectedGoldCandidate[],
  model: Pick<ChunkModel, "newFile" | "cost" | "strong">,
): number[] {
  const shown = new Set<number>();
  const order: number[] = [];
  const taken = new Uint8Array(candidates.length);
  for (const [i, c] of candidates.entries())
    if (c.share >= model.strong) {
      order.push(i);
      taken[i] = 1;
      shown.add(c.file);
    }
  const value = (c: ExpectedGoldCandidate) => {
    const fresh = !shown.has(c.file);
    const gain = c.odds.line + (fresh ? model.newFile * c.odds.file : 0);
    const tokens = c.tokens + (fresh ? SECTION_TOKENS : 0);
    return gain / Math.max(1, tokens) ** model.cost;
  };
  // A chunk's value changes once, when its file is first shown: then its
  // file's other chunks are valued again and queued anew, and their old
  // entries skipped (`valued` holds the current value). Best value first,
  // the better-ranked chunk (lower position) on a tie.
  const valued = candidates.map(value);
  const byFile = new Map<number, number[]>();
  for (const [i, c] of candidates.entries()) {
    const list = byFile.get(c.file);
    if (list) list.push(i);
    else byFile.set(c.file, [i]);
  }
  const queue = new MaxQueue();
  for (const [i, v] of valued.entries()) if (!taken[i]) queue.push(v, i);
  for (let entry = queue.pop(); entry; entry = queue.pop()) {
    const [v, i] = entry;
    if (taken[i] || v !== valued[i]) continue;
    taken[i] = 1;
    order.push(i);
    const { file } = candidates[i] as ExpectedGoldCandidate;
    if (shown.has(file)) continue;
    shown.add(file);
    for (const j of byFile.get(file) ?? []) {
      if (taken[j]) continue;
      valued[j] = value(candidates[j] as ExpectedGoldCandidate);
      queue.push(valued[j] as number, j);
    }
  }
  return order;
}

/** A binary heap of [value, position]: highest value first, lowest position on a tie. */
class MaxQueue {
  private readonly items: Array<[number, number]> = [];

  push(value: number, position: number): void {
    const items = this.items;
    items.push([value, position]);
    let i = items.length - 1;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (
        !before(items[i] as [number, number], items[parent] as [number, number])
      )
        break;
      [items[i], items[parent]] = [
        items[parent] as [number, number],
        items[i] as [number, number],
      ];
      i = parent;
    }
  }

  pop(): [number, number] | undefined {
    const items = this.items;
    const top = items[0];
    const last = items.pop();
    if (items.length === 0 || !last) return top;
    items[0] = last;
    for (let i = 0; ;) {
      const l = 2 * i + 1;
      const r = l + 1;
      let best = i;
      if (
        l < items.length &&
        before(items[l] as [number, number], items[best] as [number, number])
      )
        best = l;
      if (
        r < items.length &&
        before(items[r] as [number, number], items[best] as [number, number])
      )
        best = r;
      if (best === i) break;
      [items[i], items[best]] = [
        items[best] as [number, number],
        items[i] as [number, number],
      ];
      i = best;
    }
    return top;
  }
}

function before(
  a: readonly [number, number],
  b: readonly [number, number],
): boolean {
  return a[0] > b[0] || (a[0] === b[0] && a[1] < b[1]);
}
