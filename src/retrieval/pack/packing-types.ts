import type { TokenCounter } from "../../tokens/token-counter.js";
import type { CopyPlace } from "../rank/chunk-copies.js";
import type { ChunkModel } from "../rank/chunk-model.js";
import type { RankedChunk } from "../rank/rank-chunks.js";
import type { SourceFile } from "../types.js";
import type { CoChangeHistory } from "../history/co-change-history.js";
import type { CoChangeKind } from "../history/co-change-kind.js";

/** Compression thresholds, relative to the best chunk's score (see docs/architecture/retrieval.md, 'Compression thresholds'). */
export interface PackOptions {
  /**
   * Chunks scoring below this share of the best become a metadata line (path,
   * lines, declarations) unless room is left once everything better is in
   * (default 0.1).
   */
  metadataBelow?: number;
  /**
   * Long chunks scoring below this share of the best are cut to their structure
   * first (default 0.25). Lower keeps more code verbatim, which is what a
   * reader (and a line-level benchmark) needs from the strong matches.
   */
  compressBelow?: number;
  /** A chunk is long enough to cut from this many tokens (default 150). */
  compressAboveTokens?: number;
  /** At most this many metadata lines (default 25; none while the map is on). */
  maxMetadataLines?: number;
  /**
   * The share of the budget kept for the map: after the files shown with a
   * body, the signature lines of the next files in rank order
   * (`mapLines`). 0 turns the map off, and the metadata list names weak
   * chunks instead (default 0.05).
   */
  mapShare?: number;
  /**
   * The most tokens the map's share keeps, whatever the budget (default
   * 1000, about forty files): past that a reader or a model has more
   * candidates than it would open, and the code needs the room.
   */
  maxMapTokens?: number;
  /** Ranked chunks considered at all (default 600). */
  maxCandidates?: number;
  /**
   * The learned model packing offers chunks by (`orderByExpectedGold`: the
   * most expected gold per token first); null keeps the ranking's order
   * (default null; CHUNK_MODEL is fitted by `npm run fit:weights -- --chunk-model`).
   */
  chunkModel?: ChunkModel | null;
  /**
   * The co-change tier, when the input carries a history (`PackInput.history`):
   * after the code is packed, the file past commits changed most often with
   * the first files shown, within a small reserve (see
   * docs/architecture/retrieval.md, 'The co-change tier'). null turns it off
   * (default DEFAULT_CO_CHANGE).
   */
  coChange?: CoChangeTuning | null;
  /** Try the whole repository first when it fits (default true). */
  wholeRepository?: boolean;
  /**
   * Set when the files are only part of the repository (too large to read
   * whole, so search named them): why, in words. The note then says the view
   * is partial, and never calls the files read "the whole repository".
   */
  partialView?: string;
}

/** How the co-change tier chooses and shows its file (`PackOptions.coChange`). */
export interface CoChangeTuning {
  /** The first files shown with a body that the history is read from. */
  seeds: number;
  /** Commits the proposed file shares with the seeds, at least (`CoChanged.support`). */
  minSupport: number;
  /** Kinds the proposed file may have; another kind proposed first turns the tier off for the question. */
  kinds: readonly CoChangeKind[];
  /** The most tokens its lines may take, out of the code's share of the budget. */
  maxTokens: number;
  /** The most lines shown: a change log's newest entries, or a chunk's first lines. */
  maxLines: number;
}

/** The packing knobs with every default filled in (what the packers read). */
export type PackTuning = Required<Omit<PackOptions, "partialView">>;

export interface PackInput {
  /** Ranked chunks, best first. */
  ranked: readonly RankedChunk[];
  /** Chunks that matched at all (for the report). */
  chunksAvailable: number;
  /** Every text file, for whole-repository mode and line counts. */
  files: readonly SourceFile[];
  /** Lines in a file, for headers ("lines 41-60 of 300"). */
  lineCount: (path: string) => number;
  budget: number;
  tokenCounter: TokenCounter;
  options?: PackOptions;
  /** The repository's recent commits, for the co-change tier; absent, no tier. */
  history?: CoChangeHistory;
}

/** How one chunk (or one whole file) went into the context. */
export interface PackedPiece {
  path: string;
  startLine: number;
  endLine: number;
  /**
   * "full": every line verbatim; "compressed": structure with markers;
   * "metadata": a line naming it; "signature": one line of the file verbatim
   * in the map (its declaration's first line), for a file shown without a body.
   */
  form: "full" | "compressed" | "metadata" | "signature";
  /** Tokens of this piece's own text (headers and separators not included). */
  tokens: number;
  /** For a compressed piece: the line ranges its omission markers stand for (not shown). */
  omitted?: Array<[number, number]>;
  /** For a "signature" piece: the line as the map shows it (indentation dropped). */
  signature?: string;
  /** Ranking score (0 in whole-repository mode). */
  score: number;
  /** Enclosing declarations ("class Session › def request"). */
  context: string;
  /** Why it ranked, in a few words: the largest score contributions. */
  why: string;
  /**
   * Other places with the same text, line for line: named in the file's
   * section, never shown again. Only on pieces that show code.
   */
  copies?: CopyPlace[];
}

/** The packed context and its report (see docs/architecture/retrieval.md, 'The packing report'). */
export interface PackedContext {
  /** What goes to the model. */
  text: string;
  mode: "whole-repository" | "ranked-chunks";
  /** Tokens of `text`, counted with the real tokenizer; never above `budget`. */
  tokensUsed: number;
  budget: number;
  /** Chunks (or files, in whole-repository mode) shown as code, whole or compressed. */
  chunksReturned: number;
  chunksAvailable: number;
  /** Something that matched is not shown in full. */
  truncated: boolean;
  /** What was left out and how to read it. */
  note: string;
  /** Best first. */
  pieces: PackedPiece[];
  /**
   * Per file, in the order shown: the line ranges shown verbatim as code
   * (omitted lines excluded), and their tokens; then the files whose lines
   * were shown as a copy's text (`PackedPiece.copies`), with 0 tokens.
   */
  files: Array<{
    path: string;
    ranges: Array<[number, number]>;
    tokens: number;
  }>;
  /**
   * Candidate files ranking put below the sources (generated, vendored or
   * amalgamated: see docs/architecture/retrieval.md, 'Generated, vendored
   * and amalgamated files'), in rank order, with why. Absent: none.
   */
  setAside?: Array<{ path: string; why: string }>;
  /**
   * The file the co-change tier showed (its piece is among `pieces`), with
   * why: "changed with src/session.py in 14 of the last 1,962 commits".
   * Absent: the tier showed nothing.
   */
  coChanged?: { path: string; why: string };
  encoding: string;
}
