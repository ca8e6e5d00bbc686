import type { RepositoryIndex } from "../src/retrieval/index/index-repository.js";
import type { PackedPiece } from "../src/retrieval/pack/packing-types.js";
import type { Chunk } from "../src/retrieval/types.js";

// What ties a lost gold line's chunk (in a file whose body is shown) to the
// chunks of that file that are shown: which within-file relation would have
// brought it forward. A chunk can hold several; "none" when it holds none.
export const RELATIONS = [
  "same declaration",
  "same outer declaration",
  "beside a shown chunk",
  "within 3 chunks",
  "declares a name a shown chunk uses",
  "uses a name a shown chunk declares",
  "shares a rare identifier",
  "file of at most 8 chunks",
  "among the 600 candidates",
  "none of the above",
] as const;
export type Relation = (typeof RELATIONS)[number];

const IDENTIFIER = /[A-Za-z_$][A-Za-z0-9_$]*/g;
const names = (text: string) =>
  new Set((text.match(IDENTIFIER) ?? []).filter((n) => n.length >= 4));
const outer = (context: string) => context.split(" › ")[0] ?? "";

/**
 * The relations one lost chunk holds to the shown chunks of its file.
 *
 * @example
 * lostLineRelations(index, lost, shownChunks, rank) // ["beside a shown chunk", "same declaration"]
 */
export function lostLineRelations(
  index: RepositoryIndex,
  lost: Chunk,
  shown: readonly Chunk[],
  rank: number | undefined,
): Relation[] {
  const found = new Set<Relation>();
  const file = index.files[lost.fileId];
  const own = names(lost.text);
  const declared = new Set(lost.defines);
  for (const s of shown) {
    const distance = Math.abs(s.id - lost.id);
    if (lost.context !== "" && s.context === lost.context)
      found.add("same declaration");
    if (lost.context !== "" && outer(s.context) === outer(lost.context))
      found.add("same outer declaration");
    if (distance === 1) found.add("beside a shown chunk");
    if (distance <= 3) found.add("within 3 chunks");
    const used = names(s.text);
    if ([...declared].some((d) => used.has(d)))
      found.add("declares a name a shown chunk uses");
    if (s.defines.some((d) => own.has(d)))
      found.add("uses a name a shown chunk declares");
    for (const n of used) {
      if (!own.has(n)) continue;
      const chunks = index.definitions.get(n.toLowerCase());
      const termId = index.bm25.vocabulary.get(n.toLowerCase());
      const df =
        termId === undefined
          ? Infinity
          : (index.bm25.start[termId + 1] as number) -
            (index.bm25.start[termId] as number);
      if (df <= 20 && (chunks?.length ?? 0) <= 3) {
        found.add("shares a rare identifier");
        break;
      }
    }
  }
  if ((file?.chunkCount ?? Infinity) <= 8)
    found.add("file of at most 8 chunks");
  if (rank !== undefined && rank < 600) found.add("among the 600 candidates");
  if (found.size === 0) found.add("none of the above");
  return [...found];
}

/**
 * A file's chunks, split into those a piece shows as code (whole or by its
 * structure) and the rest.
 *
 * @example
 * const { shown, unshown } = fileChunksShown(index, fileId, context.pieces);
 */
export function fileChunksShown(
  index: RepositoryIndex,
  fileId: number,
  pieces: readonly PackedPiece[],
): { shown: Chunk[]; unshown: Chunk[] } {
  const file = index.files[fileId];
  const all = file
    ? index.chunks.slice(file.firstChunk, file.firstChunk + file.chunkCount)
    : [];
  const isShown = (c: Chunk) =>
    pieces.some(
      (p) =>
        p.path === c.path &&
        (p.form === "full" || p.form === "compressed") &&
        p.startLine <= c.endLine &&
        c.startLine <= p.endLine,
    );
  const shown: Chunk[] = [];
  const unshown: Chunk[] = [];
  for (const c of all) (isShown(c) ? shown : unshown).push(c);
  return { shown, unshown };
}

/** Per relation: unshown chunks, those holding a gold line, and their tokens and gold lines. */
export interface RelationTally {
  chunks: number;
  gold: number;
  /** Estimated tokens of the chunks (characters / 4, as packing estimates). */
  tokens: number;
  goldLines: number;
}

/**
 * How telling each relation is, and what showing its chunks would buy: per
 * relation, of a shown file's unshown chunks holding it, how many hold a
 * gold line, their tokens and their gold lines (`tally`, added to in place;
 * "any chunk" counts them all).
 *
 * @example
 * tallyUnshownChunks(tally, index, fileId, context.pieces, (c) => goldIn(c), rankOf);
 */
export function tallyUnshownChunks(
  tally: Map<Relation | "any chunk", RelationTally>,
  index: RepositoryIndex,
  fileId: number,
  pieces: readonly PackedPiece[],
  goldLinesIn: (c: Chunk) => number,
  rankOf: ReadonlyMap<number, number>,
): void {
  const { shown, unshown } = fileChunksShown(index, fileId, pieces);
  for (const c of unshown) {
    const lines = goldLinesIn(c);
    const relations = lostLineRelations(index, c, shown, rankOf.get(c.id));
    for (const r of ["any chunk" as const, ...relations]) {
      const held = tally.get(r) ?? {
        chunks: 0,
        gold: 0,
        tokens: 0,
        goldLines: 0,
      };
      held.chunks++;
      if (lines > 0) held.gold++;
      held.tokens += Math.ceil(c.text.length / 4);
      held.goldLines += lines;
      tally.set(r, held);
    }
  }
}
