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
  /**
   * Its structure (`compressChunk`): estimated tokens and the share of its
   * lines kept. Absent when it has no shorter form (a short chunk).
   */
  structure?: { tokens: number; kept: number };
}

/** One offer to the packer: a candidate (its position) in a form. */
export interface GoldOffer {
  at: number;
  form: "full" | "compressed";
}

/**
 * The order to offer chunks to the packer in: first the strong chunks (score
 * share `model.strong` or more) whole, in rank order, then greedily the offer
 * that adds the most expected gold per token, where a chunk's gain is its
 * expected share of the fix's changed lines, plus, while its file is not
 * shown yet, the model's `newFile` times its file's chance of being a changed
 * file; tokens count to the power `model.cost` (1: per token; below 1, a long
 * chunk is penalised less, as it tends to hold more of the fix's lines). So
 * more of a file already shown goes before another file's best chunk exactly
 * when its expected gold lines per token are higher.
 *
 * A chunk with a `structure` is also offered by it: its lines' share times
 * the share of lines kept, plus the file's worth while the file is new, for
 * the structure's tokens. A lower-ranked body cut to its structure can so go
 * before its file is shown whole, or instead of another chunk's full text,
 * when it shows more of what the fix touches per token; once taken, the rest
 * of the chunk is offered for the lines the structure left out, for the
 * tokens they add.
 *
 * @example
 * orderByExpectedGold(candidates, model) // [{ at: 0, form: "full" }, { at: 3, form: "compressed" }, …]
 */
export function orderByExpectedGold(
  candidates: readonly ExpectedGoldCandidate[],
  model: Pick<ChunkModel, "newFile" | "cost" | "strong">,
): GoldOffer[] {
  const shown = new Set<number>();
  const order: GoldOffer[] = [];
  // Per candidate: 0 nothing taken, 1 its structure, 2 whole.
  const taken = new Uint8Array(candidates.length);
  for (const [i, c] of candidates.entries())
    if (c.share >= model.strong) {
      order.push({ at: i, form: "full" });
      taken[i] = 2;
      shown.add(c.file);
    }
  // Heap keys: 2i for chunk i whole, 2i + 1 for its structure (on a tie the
  // better-ranked chunk first, and a chunk whole before its structure).
  const value = (key: number): number => {
    const i = key >> 1;
    const c = candidates[i] as ExpectedGoldCandidate;
    const s = c.structure;
    const whole = (key & 1) === 0;
    if (!whole && (!s || taken[i])) return -Infinity;
    if (taken[i] === 2) return -Infinity;
    if (whole && taken[i] === 1 && s)
      return (
        (c.odds.line * (1 - s.kept)) /
        Math.max(1, c.tokens - s.tokens) ** model.cost
      );
    const fresh = !shown.has(c.file);
    const lines = whole
      ? c.odds.line
      : c.odds.line * (s as { kept: number }).kept;
    const gain = lines + (fresh ? model.newFile * c.odds.file : 0);
    const tokens =
      (whole ? c.tokens : (s as { tokens: number }).tokens) +
      (fresh ? SECTION_TOKENS : 0);
    return gain / Math.max(1, tokens) ** model.cost;
  };
  // An offer's value changes when its file is first shown (its file's other
  // chunks are valued again and queued anew) and, for a chunk whole, when its
  // structure is taken; old entries are skipped (`valued` holds the current
  // value). Best value first.
  const valued = new Float64Array(2 * candidates.length).fill(-Infinity);
  const queue = new MaxQueue();
  const requeue = (key: number) => {
    valued[key] = value(key);
    if (valued[key] > -Infinity) queue.push(valued[key] as number, key);
  };
  const byFile = new Map<number, number[]>();
  for (const [i, c] of candidates.entries()) {
    const list = byFile.get(c.file);
    if (list) list.push(i);
    else byFile.set(c.file, [i]);
    if (!taken[i]) {
      requeue(2 * i);
      requeue(2 * i + 1);
    }
  }
  for (let key = queue.pop(); key >= 0; key = queue.pop()) {
    // `valued` follows every change of a value (requeued, or taken below),
    // so an entry unlike it is an old one.
    if (queue.value !== valued[key]) continue;
    const i = key >> 1;
    const whole = (key & 1) === 0;
    taken[i] = whole ? 2 : 1;
    valued[key] = -Infinity;
    // Taken whole, its structure is no longer offered.
    if (whole) valued[key + 1] = -Infinity;
    order.push({ at: i, form: whole ? "full" : "compressed" });
    if (!whole) requeue(2 * i);
    const { file } = candidates[i] as ExpectedGoldCandidate;
    if (shown.has(file)) continue;
    shown.add(file);
    for (const j of byFile.get(file) ?? [])
      if (taken[j] !== 2) {
        requeue(2 * j);
        requeue(2 * j + 1);
      }
  }
  return order;
}

/**
 * A binary heap of (value, position) pairs in two growing typed arrays, no
 * object per entry: highest value first, lowest position on a tie.
 */
class MaxQueue {
  private values = new Float64Array(64);
  private positions = new Int32Array(64);
  private size = 0;
  /** The value of the pair `pop` last returned. */
  value = 0;

  push(value: number, position: number): void {
    if (this.size === this.values.length) this.grow();
    const { values, positions } = this;
    let i = this.size++;
    // Move parents down until the new pair's place is found.
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (
        !before(
          value,
          position,
          values[parent] as number,
          positions[parent] as number,
        )
      )
        break;
      values[i] = values[parent] as number;
      positions[i] = positions[parent] as number;
      i = parent;
    }
    values[i] = value;
    positions[i] = position;
  }

  /** The best pair's position (its value in `value`), or -1 when empty. */
  pop(): number {
    if (this.size === 0) return -1;
    const { values, positions } = this;
    this.value = values[0] as number;
    const top = positions[0] as number;
    const size = --this.size;
    if (size === 0) return top;
    const value = values[size] as number;
    const position = positions[size] as number;
    // Move the last pair down from the root, better children up.
    let i = 0;
    for (;;) {
      const l = 2 * i + 1;
      if (l >= size) break;
      const r = l + 1;
      const child =
        r < size &&
        before(
          values[r] as number,
          positions[r] as number,
          values[l] as number,
          positions[l] as number,
        )
          ? r
          : l;
      if (
        !before(
          values[child] as number,
          positions[child] as number,
          value,
          position,
        )
      )
        break;
      values[i] = values[child] as number;
      positions[i] = positions[child] as number;
      i = child;
    }
    values[i] = value;
    positions[i] = position;
    return top;
  }

  private grow(): void {
    const values = new Float64Array(2 * this.values.length);
    const positions = new Int32Array(2 * this.positions.length);
    values.set(this.values);
    positions.set(this.positions);
    this.values = values;
    this.positions = positions;
  }
}

function before(
  aValue: number,
  aPosition: number,
  bValue: number,
  bPosition: number,
): boolean {
  return aValue > bValue || (aValue === bValue && aPosition < bPosition);
}
