import type { FileKind } from "../../src/text/file-kind.js";
import type { PackedContext } from "../../src/retrieval/pack/packing-types.js";

/** Where one question's packed tokens went, and the fix's lines each part shows. */
export interface ContextSpend {
  /**
   * Tokens and gold lines per part: code shown whole or cut to its
   * structure, by its file's kind ("full code", "compressed docs"); the
   * map's signature lines; "overhead" (file headers, fences, omission
   * markers, copy notes, the map's heading: the text beyond the pieces'
   * own tokens); "unused" (the budget left).
   */
  parts: Map<string, { tokens: number; goldLines: number }>;
  /**
   * The code pieces (whole or cut) in rank order, as the context lists
   * them, split into fifths of their tokens: tokens and gold lines per
   * fifth, so the last fifth says what the lowest-ranked code shown buys.
   */
  fifths: Array<{ tokens: number; goldLines: number }>;
}

/**
 * Where a packed context's tokens went and the gold lines each part shows:
 * a piece's gold lines are those in its range less those its omission
 * markers stand for; a map's signature line shows none (the benchmark
 * never counts it as a shown gold line).
 *
 * @example
 * spendOfContext(context, (path, line) => gold.has(`${path}:${line}`), fileKind)
 * // { parts: Map { "full code" => { tokens: 9977, goldLines: 32 }, "overhead" => … }, fifths: [ … ] }
 */
export function spendOfContext(
  context: Pick<PackedContext, "pieces" | "tokensUsed" | "budget">,
  isGold: (path: string, line: number) => boolean,
  kindOf: (path: string) => FileKind,
): ContextSpend {
  const parts = new Map<string, { tokens: number; goldLines: number }>();
  const add = (part: string, tokens: number, goldLines: number) => {
    const held = parts.get(part) ?? { tokens: 0, goldLines: 0 };
    held.tokens += tokens;
    held.goldLines += goldLines;
    parts.set(part, held);
  };
  const goldIn = (path: string, from: number, to: number) => {
    let lines = 0;
    for (let line = from; line <= to; line++) if (isGold(path, line)) lines++;
    return lines;
  };
  const code: Array<{ tokens: number; goldLines: number }> = [];
  let pieceTokens = 0;
  for (const piece of context.pieces) {
    pieceTokens += piece.tokens;
    if (piece.form === "full" || piece.form === "compressed") {
      const goldLines =
        goldIn(piece.path, piece.startLine, piece.endLine) -
        (piece.omitted ?? []).reduce(
          (sum, [from, to]) => sum + goldIn(piece.path, from, to),
          0,
        );
      add(`${piece.form} ${kindOf(piece.path)}`, piece.tokens, goldLines);
      code.push({ tokens: piece.tokens, goldLines });
    } else
      add(piece.form === "signature" ? "map" : piece.form, piece.tokens, 0);
  }
  add("overhead", context.tokensUsed - pieceTokens, 0);
  add("unused", context.budget - context.tokensUsed, 0);
  const fifths = Array.from({ length: 5 }, () => ({ tokens: 0, goldLines: 0 }));
  const total = code.reduce((sum, c) => sum + c.tokens, 0);
  let placed = 0;
  for (const c of code) {
    // A piece goes to the fifth its first token falls in.
    const fifth = fifths[Math.min(4, Math.floor((5 * placed) / total))];
    placed += c.tokens;
    if (!fifth) continue;
    fifth.tokens += c.tokens;
    fifth.goldLines += c.goldLines;
  }
  return { parts, fifths };
}
