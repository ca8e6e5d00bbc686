import type { ContextScore } from "./score-context.js";
import type { PieceCheck } from "./shown-lines.js";

/** The systems compared: askcode's retrieval and packing, and SWE-bench's BM25 in two fill rules. */
export const SYSTEMS = ["askcode", "bm25", "bm25Stop"] as const;
export type SystemName = (typeof SYSTEMS)[number];

/** One system's context for one instance at one budget. */
export interface SystemRun {
  score: ContextScore;
  /** The same context scored on the code-only gold (see `isCodeGoldPath`); absent when the instance has none. */
  codeScore?: ContextScore;
  /**
   * The same context scored on the gold people wrote: every gold file but
   * those ranking sets aside as a build's or another project's
   * (`gold.setAside`). Absent when none is set aside (`score` is then this
   * view) or when all are (the instance has no such gold).
   */
  writtenScore?: ContextScore;
  tokensUsed: number;
  /** Files shown as code, in the order shown, with how many of their lines. */
  files: Array<[path: string, lines: number]>;
  /** Code lines in the text that did not match the file (0 unless the format changed). */
  mismatches: number;
  /** askcode only: "whole-repository" or "ranked-chunks". */
  mode?: string;
  /** askcode only: agreement of the parsed text with the pieces (both 0 when they agree). */
  pieceCheck?: PieceCheck;
}

/** What the confidence gate saw of one question (`answerConfidence`), and whether it would have been right. */
export interface GateRun {
  /** The score with the model the run shipped with; the gate report scores `signals` again with the current one. */
  score: number;
  signals: Record<string, number>;
  /** The files of the places the retrieval-only answer lists (`selectPlaces`), best first. */
  places: string[];
  /** Some place is in a file the fix changed. */
  hit: boolean;
}

export interface BudgetRun {
  budget: number;
  /** askcode's ranking as the gate reads it (absent in runs made before the gate). */
  gate?: GateRun;
  systems: Record<SystemName, SystemRun>;
  /** Wall time of askcode's analyse + rank + pack on the prebuilt index. */
  askcodeMs: number;
  /** Wall time of the baseline's packing (ranking is shared by all budgets). */
  baselineMs: number;
  /**
   * askcode's ranking packed again under other options (`PackVariant`), by
   * the variant's name; absent without variants.
   */
  variants?: Record<string, SystemRun>;
}

export interface InstanceResult {
  instanceId: string;
  repo: string;
  /** The instance's language as the data names it; "python" for SWE-bench's rows, which name none. */
  language: string;
  baseCommit: string;
  /** Set when the instance could not be run; it is then left out of every figure. */
  error?: string;
  /** Text files askcode read and indexed, and the ones it skipped, by reason. */
  filesRead: number;
  skipped: Record<string, number>;
  /** SWE-bench BM25 documents (non-test source files of the instance's language family). */
  baselineDocuments: number;
  chunks: number;
  gold: {
    files: string[];
    lines: number;
    /** Whitespace-only hunk lines left out of line recall. */
    blankLines: number;
    outOfRange: number;
    /** Gold files askcode did not read (filtered or unreadable) and so can never show. */
    notIndexed: string[];
    /** Gold files that are not BM25 documents (not of the family's source, or tests by SWE-bench's rule). */
    notBaselineDocuments: string[];
    /** Gold files the run's `exclude` rule hides from both systems (absent without one). */
    excluded?: string[];
    /**
     * Gold files ranking sets aside as generated, vendored or amalgamated
     * (`fileAuthorship`), with why: a build or another project wrote them,
     * so the written view leaves them out (absent when none is).
     */
    setAside?: Record<string, string>;
    /** Gold files the code-only view counts: source code, not tests. */
    codeFiles: string[];
    /** Gold lines in those files. */
    codeLines: number;
  };
  /** BM25's top 20, best first. */
  bm25Top20: string[];
  /** Gold files among BM25's top 20. */
  goldInTop20: number;
  budgets: BudgetRun[];
  timings: {
    /** Listing the tree and reading every file through the CodeHost. */
    readMs: number;
    /** Chunking and indexing for askcode (once per instance). */
    indexMs: number;
    /** Building the BM25 index and ranking the issue (once per instance). */
    baselineRankMs: number;
    /**
     * Reading the co-change history from the mirror (`git log`, once per
     * instance); absent when the run read none.
     */
    historyMs?: number;
    totalMs: number;
  };
  /**
   * In MB: the resident set and V8 heap after the instance, and the heap's
   * high-water mark during it and the heap left once its garbage is collected
   * (both from the harness's sampler; 0 when run alone).
   */
  memory: {
    rssMb: number;
    heapUsedMb: number;
    heapPeakMb: number;
    heapAfterGcMb: number;
  };
}
