import type { PackedContext, PackInput } from "./packing-types.js";
import { renderFileSection } from "./render-context.js";
import type { Steps } from "../../shared/time-slices.js";

// No real code averages more characters per token than this, so a repository
// with more than budget × 8 characters cannot fit and is not counted at all.
const MAX_CHARS_PER_TOKEN = 8;
const SEPARATOR = "\n\n";

/**
 * The cheapest strategy (see docs/architecture/retrieval.md, 'Packing
 * strategies, cheapest first'): every text file, whole, each under a header
 * line, when all of it fits the budget. Files that ranked come first (best
 * first), then the rest by path. Returns undefined as soon as the running
 * count passes the budget, so a large repository costs little to reject.
 * In steps that pause after each file's count (see `Steps`).
 *
 * @example
 * runToEnd(packWholeRepository({ ranked, files, budget: 50_000, tokenCounter, … }))
 * // { mode: "whole-repository", tokensUsed: 31_204, chunksReturned: 42, … } or undefined
 */
export function* packWholeRepository(
  input: PackInput,
): Steps<PackedContext | undefined> {
  const { files, budget, tokenCounter } = input;
  // Counted only until it passes: an index loaded from disk decodes a
  // file's text when first read, and a large repository needs few.
  let chars = 0;
  for (const file of files) {
    chars += file.text.length;
    if (chars > budget * MAX_CHARS_PER_TOKEN) return undefined;
  }

  const rank = new Map<string, number>();
  const best = new Map<string, number>();
  input.ranked.forEach((r, i) => {
    if (!rank.has(r.chunk.path)) rank.set(r.chunk.path, i);
    if (!best.has(r.chunk.path)) best.set(r.chunk.path, r.score);
  });
  const ordered = files
    .filter((f) => f.text.length > 0)
    .sort(
      (a, b) =>
        (rank.get(a.path) ?? Infinity) - (rank.get(b.path) ?? Infinity) ||
        a.path.localeCompare(b.path),
    );

  const separatorTokens = tokenCounter.count(SEPARATOR);
  const sections: string[] = [];
  const tokens: number[] = [];
  let total = 0;
  for (const file of ordered) {
    const lineCount = input.lineCount(file.path);
    const section = renderFileSection(file.path, lineCount, [
      {
        startLine: 1,
        endLine: lineCount,
        text: file.text.replace(/\r?\n$/, ""),
      },
    ]);
    const n = tokenCounter.count(section);
    total += n + (sections.length > 0 ? separatorTokens : 0);
    if (total > budget) return undefined;
    sections.push(section);
    tokens.push(n);
    yield;
  }
  const text = sections.join(SEPARATOR);
  const partial = input.options?.partialView !== undefined;
  const tokensUsed = tokenCounter.count(text);
  if (tokensUsed > budget) return undefined;
  const pieces = ordered.map((file, i) => ({
    path: file.path,
    startLine: 1,
    endLine: input.lineCount(file.path),
    form: "full" as const,
    tokens: tokens[i] ?? 0,
    score: best.get(file.path) ?? 0,
    context: "",
    why: partial
      ? "every file read fits the budget"
      : "the whole repository fits the budget",
  }));
  return {
    text,
    mode: "whole-repository",
    tokensUsed,
    budget,
    chunksReturned: ordered.length,
    chunksAvailable: input.chunksAvailable,
    truncated: false,
    note: partial
      ? `Every file askcode read (${ordered.length} text files) fits the budget: ${tokensUsed} of ${budget} tokens.`
      : `The whole repository (${ordered.length} text files) fits the budget: ${tokensUsed} of ${budget} tokens. Binary, vendored, generated and lock files are left out.`,
    pieces,
    files: pieces.map((p) => ({
      path: p.path,
      ranges: [[1, p.endLine]],
      tokens: p.tokens,
    })),
    encoding: tokenCounter.encodingName,
  };
}
