import type {
  PackedContext,
  PackedPiece,
  PackInput,
  PackTuning,
} from "./packing-types.js";
import type { MapLine } from "./pack-map.js";
import type { PackingState } from "./packing-state.js";
import { formatRanges } from "./render-context.js";

/**
 * The report of a ranked-chunks packing (see docs/architecture/retrieval.md,
 * 'The packing report'): counts, whether anything
 * was cut, the files and ranges shown, and a note naming the best chunks not
 * shown in full with how to read them.
 *
 * @example
 * packingReport(input, state, text, 12_940, options).note
 * // "Ranked chunks: showing 31 of 9112 matching chunks (4 cut to their structure) from 14 files, …"
 */
export function packingReport(
  input: PackInput,
  state: PackingState,
  text: string,
  tokensUsed: number,
  o: PackTuning,
  map: readonly MapLine[] = [],
  coChanged?: PackedContext["coChanged"],
): PackedContext {
  const placed = state.placed();
  const shown = placed.filter((p) => p.piece.form !== "metadata");
  const compressed = shown.filter((p) => p.piece.form === "compressed").length;
  // By place, not by position: packing may offer chunks in another order
  // than the ranking's (the chunk model), and the best are named in rank order.
  const where = (path: string, line: number) => `${path}:${line}`;
  const full = new Set(
    placed
      .filter((p) => p.piece.form === "full")
      .map((p) => where(p.piece.path, p.piece.startLine)),
  );
  const leftOut = input.ranked
    .slice(0, o.maxCandidates)
    .filter((r) => !full.has(where(r.chunk.path, r.chunk.startLine)))
    .slice(0, 5)
    .map(
      (r) => `${r.chunk.path} lines ${r.chunk.startLine}-${r.chunk.endLine}`,
    );
  const files = state.orderedFiles().map((f) => ({
    path: f.path,
    // What a reader (and grounding) may rely on: the lines shown verbatim,
    // not those an omission marker stands for.
    ranges: mergeRanges(
      f.shown.flatMap((p) =>
        shownRanges(p.piece.startLine, p.piece.endLine, p.piece.omitted),
      ),
    ),
    tokens: f.shown.reduce((sum, p) => sum + p.piece.tokens, 0),
  }));
  const filesShown = files.length;
  files.push(
    ...copiedFiles(
      shown.map((p) => p.piece),
      files,
    ),
  );
  const truncated = shown.length < input.chunksAvailable || compressed > 0;
  const parts = [
    `Ranked chunks: showing ${shown.length} of ${input.chunksAvailable} matching chunks` +
      (compressed > 0 ? ` (${compressed} cut to their structure)` : "") +
      ` from ${filesShown} files` +
      (state.metadata.length > 0
        ? `, and naming ${state.metadata.length} more`
        : "") +
      (map.length > 0
        ? `, and ${new Set(map.map((l) => l.piece.path)).size} more files by a signature line`
        : "") +
      `, in ${tokensUsed} of ${input.budget} tokens.`,
  ];
  if (leftOut.length > 0) {
    parts.push(
      `Not shown in full, best first: ${leftOut.join("; ")}. Read any of them with read_file_contents(path, start_line, end_line), or ask again with a larger budget.`,
    );
  }
  if (files.length > 0)
    parts.push(
      `Shown: ${files.map((f) => `${f.path} (${formatRanges(f.ranges)})`).join("; ")}.`,
    );
  if (coChanged)
    parts.push(
      `From the repository's history: ${coChanged.path}, ${coChanged.why}.`,
    );
  const setAside = setAsideFiles(input.ranked.slice(0, o.maxCandidates));
  if (setAside.length > 0)
    parts.push(
      `Ranked below the sources, as written by a tool or copied in: ${setAside
        .slice(0, MAX_SET_ASIDE_NAMED)
        .map((s) => `${s.path} (${s.why})`)
        .join("; ")}` +
        (setAside.length > MAX_SET_ASIDE_NAMED
          ? `; and ${setAside.length - MAX_SET_ASIDE_NAMED} more.`
          : "."),
    );
  return {
    text,
    mode: "ranked-chunks",
    tokensUsed,
    budget: input.budget,
    chunksReturned: shown.length,
    chunksAvailable: input.chunksAvailable,
    truncated,
    note: parts.join(" "),
    pieces: [...placed.map((p) => p.piece), ...map.map((l) => l.piece)],
    files,
    ...(setAside.length > 0 ? { setAside } : {}),
    ...(coChanged ? { coChanged } : {}),
    encoding: input.tokenCounter.encodingName,
  };
}

// Set-aside files the note names; the report's `setAside` lists them all.
const MAX_SET_ASIDE_NAMED = 5;

/**
 * The files among the candidates that ranking set aside (a "set-aside"
 * contribution: generated, vendored or amalgamated), in rank order, each
 * with its reason.
 */
function setAsideFiles(
  ranked: PackInput["ranked"],
): NonNullable<PackedContext["setAside"]> {
  const found = new Map<string, string>();
  for (const r of ranked) {
    if (found.has(r.chunk.path)) continue;
    const reason = r.why.find((w) => w.kind === "set-aside");
    // "generated: first lines say … ×0.25": the reason without the factor.
    if (reason) found.set(r.chunk.path, reason.detail.replace(/ ×[\d.]+$/, ""));
  }
  return [...found].map(([path, why]) => ({ path, why }));
}

/**
 * The lines shown as another file's text (`PackedPiece.copies`), per file:
 * line k of a copied range is line k of the copy's. Merged into
 * the entries of files shown anyway; new entries, with 0 tokens, for the rest.
 */
function copiedFiles(
  pieces: readonly PackedPiece[],
  files: PackedContext["files"],
): PackedContext["files"] {
  const byPath = new Map<string, Array<[number, number]>>();
  for (const piece of pieces) {
    for (const { lines, path, at } of piece.copies ?? []) {
      const shift = at[0] - lines[0];
      const ranges = byPath.get(path) ?? [];
      for (const [a, b] of shownRanges(lines[0], lines[1], piece.omitted))
        ranges.push([a + shift, b + shift]);
      byPath.set(path, ranges);
    }
  }
  const added: PackedContext["files"] = [];
  for (const [path, ranges] of byPath) {
    const shown = files.find((f) => f.path === path);
    if (shown) shown.ranges = mergeRanges([...shown.ranges, ...ranges]);
    else added.push({ path, ranges: mergeRanges(ranges), tokens: 0 });
  }
  return added;
}

function mergeRanges(ranges: Array<[number, number]>): Array<[number, number]> {
  const out: Array<[number, number]> = [];
  for (const [a, b] of [...ranges].sort((x, y) => x[0] - y[0])) {
    const last = out[out.length - 1];
    if (last && a <= last[1] + 1) last[1] = Math.max(last[1], b);
    else out.push([a, b]);
  }
  return out;
}

/** `[start, end]` without the omitted ranges (sorted, inside it). */
function shownRanges(
  start: number,
  end: number,
  omitted: ReadonlyArray<[number, number]> = [],
): Array<[number, number]> {
  const shown: Array<[number, number]> = [];
  let next = start;
  for (const [from, to] of [...omitted].sort((a, b) => a[0] - b[0])) {
    if (from > next) shown.push([next, from - 1]);
    next = Math.max(next, to + 1);
  }
  if (next <= end) shown.push([next, end]);
  return shown;
}
