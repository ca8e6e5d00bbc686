import { chunkLabel } from "../retrieval/chunks/chunk-label.js";
import {
  selectAlsoRelevant,
  type AlsoRelevant,
} from "../answer/select-also-relevant.js";
import { selectPlaces } from "../retrieval/rank/select-places.js";
import type { BuiltContext } from "../retrieval/build-context.js";
import type { OutsideDependency } from "../retrieval/dependencies/find-outside-dependencies.js";
import type { PackedContext } from "../retrieval/pack/packing-types.js";
import type { RunAt } from "../question/run-at.js";
import type { LineHistoryPayload } from "../tools/line-history-text.js";

/** One place the answer points at: what `askcode ask` prints and `--json` returns. */
export interface AnswerPlace {
  path: string;
  startLine: number;
  endLine: number;
  /** Enclosing declarations ("class Session › def request"), or the names a chunk of joined neighbours declares ("declares New, Get"). */
  context: string;
  score: number;
  /** The largest contributions to the score, in words. */
  why: string[];
  /** The first lines of the place, verbatim. */
  excerpt: string;
}

/** The retrieval-only answer to one question about one checkout. */
export interface AskResult {
  question: string;
  source: string;
  sha: string;
  ref: string;
  places: AnswerPlace[];
  /** Files the packed context's map named that are not among the places (`selectAlsoRelevant`). */
  alsoRelevant: AlsoRelevant[];
  /** Packages outside the repository the best places lead into (`findOutsideDependencies`); usually none. */
  outsideDependencies: OutsideDependency[];
  packing: Omit<PackedContext, "text" | "pieces" | "files"> & {
    files: PackedContext["files"];
  };
  filesRanked: number;
  /**
   * Set when the index was partial (a first question on a large checkout,
   * `indexForOneQuestion`): this many files were cut on blank lines, not on
   * their syntax trees, so the whole index may rank other places first.
   */
  partialIndex?: { filesWithoutTree: number };
  /**
   * The history of the first places' lines (`get_line_history`'s results),
   * when the question asks why, when or who (`asksAboutHistory`).
   */
  history?: LineHistoryPayload[];
  timingsMs: BuiltContext["timings"];
}

const EXCERPT_LINES = 8;
const REASONS = 3;

/**
 * The most relevant places of a built context, best first (`selectPlaces`),
 * with the score's largest reasons and the first lines of each, for the
 * terminal and `--json`.
 */
export function toAskResult(
  built: BuiltContext,
  at: Pick<RunAt, "source" | "sha" | "ref">,
  meta: {
    question: string;
    maxPlaces: number;
    /** Files the index left without their syntax tree (`IndexedCheckout.withoutTree`). */
    withoutTree?: number;
  },
): AskResult {
  const places = selectPlaces(built.ranked, meta.maxPlaces).map(
    ({ chunk, score, why }): AnswerPlace => ({
      path: chunk.path,
      startLine: chunk.startLine,
      endLine: chunk.endLine,
      context: chunkLabel(chunk),
      score: Math.round(score * 100) / 100,
      why: why
        .slice(0, REASONS)
        .map((part) => `${part.detail} (+${part.points.toFixed(1)})`),
      excerpt: chunk.text.split("\n").slice(0, EXCERPT_LINES).join("\n"),
    }),
  );
  const { text: _text, pieces, ...packing } = built.context;
  return {
    question: meta.question,
    source: at.source,
    sha: at.sha,
    ref: at.ref,
    places,
    alsoRelevant: selectAlsoRelevant(
      pieces,
      places.map((p) => p.path),
    ),
    outsideDependencies: built.outsideDependencies,
    packing,
    filesRanked: built.fileCount,
    ...(meta.withoutTree
      ? { partialIndex: { filesWithoutTree: meta.withoutTree } }
      : {}),
    timingsMs: built.timings,
  };
}
