import type { PackedContext } from "../retrieval/pack/packing-types.js";
import { mergeRanges, type LineRange } from "./line-range.js";

/** What the model was shown of one file, and what it cost. */
export interface SeenFile {
  path: string;
  /** Lines shown as code, merged; empty when only the file's name was shown. */
  ranges: LineRange[];
  /** Tokens of everything shown from this file. */
  tokens: number;
}

/**
 * The run's record of what the model was shown: the packed context, then
 * every tool result. The answer may cite only what is in it, and the
 * comment's "Context used" section lists it.
 */
export interface SeenRanges {
  /**
   * Records lines of `path` the model was shown (a packed chunk, a file read,
   * a search hit's context), or, without `range`, only its name (a directory
   * listing, a metadata line). `tokens` adds to the file's cost.
   */
  add(path: string, range?: LineRange, tokens?: number): void;
  /** Records the packed context: its files' ranges and tokens, and the files it only names. */
  addPackedContext(context: Pick<PackedContext, "files" | "pieces">): void;
  /** The merged ranges shown of `path`; `[]` when only named; `undefined` when never shown. */
  rangesOf(path: string): LineRange[] | undefined;
  /** Every path shown or named, in the order first seen. */
  paths(): string[];
  /** Every file in the order first seen. */
  files(): SeenFile[];
}

/**
 * An empty record of what a run showed the model.
 *
 * @example
 * const seen = createSeenRanges();
 * seen.addPackedContext(built.context);
 * seen.add("src/upload.ts", [1, 80], 640); // read_file_contents returned lines 1-80
 * seen.add("docs/guide.md");                // named by list_directory_contents
 * seen.rangesOf("src/upload.ts")            // [[1, 80]]
 */
export function createSeenRanges(): SeenRanges {
  const byPath = new Map<string, { ranges: LineRange[]; tokens: number }>();
  const entry = (path: string) => {
    let e = byPath.get(path);
    if (!e) byPath.set(path, (e = { ranges: [], tokens: 0 }));
    return e;
  };
  return {
    add(path, range, tokens = 0) {
      const e = entry(path);
      if (range) e.ranges = mergeRanges([...e.ranges, range]);
      e.tokens += tokens;
    },
    addPackedContext(context) {
      for (const file of context.files) {
        const e = entry(file.path);
        e.ranges = mergeRanges([...e.ranges, ...file.ranges]);
        e.tokens += file.tokens;
      }
      // Metadata lines name a file and its lines without showing the code.
      for (const piece of context.pieces) entry(piece.path);
    },
    rangesOf(path) {
      return byPath.get(path)?.ranges.map((r): LineRange => [r[0], r[1]]);
    },
    paths() {
      return [...byPath.keys()];
    },
    files() {
      return [...byPath].map(([path, e]) => ({
        path,
        ranges: e.ranges.map((r): LineRange => [r[0], r[1]]),
        tokens: e.tokens,
      }));
    },
  };
}
