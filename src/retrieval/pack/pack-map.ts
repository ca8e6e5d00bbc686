import { commentPrefixFor } from "../../text/comment-prefix-for.js";
import type { TokenCounter } from "../../tokens/token-counter.js";
import type { RankedChunk } from "../rank/rank-chunks.js";
import type { Chunk } from "../types.js";
import type { PackedPiece } from "./packing-types.js";
import { whyInWords } from "./place-chunk.js";

/** The map's heading: what its lines are and how to read the rest. */
export const MAP_HEADER =
  "Also relevant, by the first lines of their best-matching declarations (read_file_contents shows the rest):";

// A file's map entry is one signature line, its best declaration's. Two (the
// next best declaration's too) named fewer files in a larger share and cost
// more of the code's lines (docs/architecture/retrieval.md, 'The map').
const SIGNATURES_PER_FILE = 1;
// A line longer than this is generated or minified code, not a signature a
// reader can use; the declaration is skipped.
const MAX_SIGNATURE_CHARS = 200;

/** One line of the map: a signature line of a file not shown with a body. */
export interface MapLine {
  piece: PackedPiece;
  /** "- path:41: def request(self, method, url," */
  text: string;
}

/**
 * The map tier (docs/architecture/retrieval.md, 'The map'): for the files
 * after those shown with a body, in the order of their best chunk, the
 * signature lines of their best-matching declarations, verbatim from the
 * file (leading indentation dropped) with their line numbers, until `room`
 * tokens are spent. A model chooses what to read from it; a reader sees
 * where else to look. Lines come from the syntax tree's outline of the chunk
 * (its declaration's first line) or, without a tree, the chunk's first
 * non-blank line.
 *
 * @example
 * mapLines(ranked, new Set(["a.py"]), 400, counter).map((l) => l.text)
 * // ["- pkg/adapters.py:388: def send(self, request, stream=False,", "- pkg/hooks.py:12: def dispatch_hook(key, hooks, hook_data):"]
 */
export function mapLines(
  ranked: readonly RankedChunk[],
  shownWithBody: ReadonlySet<string>,
  room: number,
  counter: TokenCounter,
): MapLine[] {
  const headerTokens = counter.count(MAP_HEADER) + 2;
  if (room <= headerTokens) return [];
  let left = room - headerTokens;
  // Files in the order of their best chunk, each with its chunks best first.
  const byFile = new Map<string, RankedChunk[]>();
  for (const c of ranked) {
    if (shownWithBody.has(c.chunk.path)) continue;
    const chunks = byFile.get(c.chunk.path) ?? [];
    chunks.push(c);
    byFile.set(c.chunk.path, chunks);
  }
  const lines: MapLine[] = [];
  files: for (const [path, chunks] of byFile) {
    // A chunk that declares something starts at its declaration; one that
    // continues a long body does not, so it speaks for its file only when
    // nothing in the file that matched declares anything.
    const declaring = chunks.filter((c) => c.chunk.defines.length > 0);
    const taken = new Set<number>();
    for (const c of declaring.length > 0 ? declaring : chunks) {
      if (taken.size >= SIGNATURES_PER_FILE) break;
      const signature = signatureLine(c.chunk, commentPrefixFor(path));
      if (!signature || taken.has(signature.line)) continue;
      const text = `- ${path}:${signature.line}: ${signature.text}`;
      const tokens = counter.count(text) + 1;
      // The map is in rank order: a line that does not fit ends it, so a
      // weaker file never takes the place of a stronger one.
      if (tokens > left) break files;
      left -= tokens;
      taken.add(signature.line);
      lines.push({
        text,
        piece: {
          path,
          startLine: signature.line,
          endLine: signature.line,
          form: "signature",
          signature: signature.text,
          tokens,
          score: c.score,
          context: c.chunk.context,
          why: whyInWords(c),
        },
      });
    }
  }
  // Lines of one file together, files in the order of their best line.
  const order = new Map<string, number>();
  lines.forEach((l, i) => {
    if (!order.has(l.piece.path)) order.set(l.piece.path, i);
  });
  return lines.sort(
    (a, b) =>
      (order.get(a.piece.path) ?? 0) - (order.get(b.piece.path) ?? 0) ||
      a.piece.startLine - b.piece.startLine,
  );
}

/**
 * The map's section, its heading and its lines, as parts that join to it
 * (none without lines): `countJoined` counts it from the lines' counts.
 *
 * @example
 * joinedText(mapParts(lines)) // "Also relevant, …:\n- pkg/hooks.py:12: def dispatch_hook(key, hooks, hook_data):"
 */
export function mapParts(lines: readonly MapLine[]): string[] {
  return lines.length === 0
    ? []
    : [MAP_HEADER, ...lines.flatMap((l) => ["\n", l.text])];
}

/**
 * The line that says what a chunk declares: the first line of its syntax
 * tree outline that is not a comment (the outline keeps the first lines of
 * doc comments too), else its first non-blank line that is not; undefined
 * when there is none, or it is too long to be a signature.
 *
 * @example
 * signatureLine({ startLine: 10, text: "  # Send it.\n  def send(self):\n    ...", outline: [10, 11] }, "#")
 * // { line: 11, text: "def send(self):" }
 */
export function signatureLine(
  chunk: Pick<Chunk, "text" | "startLine" | "outline">,
  commentPrefix: string | undefined,
): { line: number; text: string } | undefined {
  const lines = chunk.text.split("\n");
  const at = (line: number) => lines[line - chunk.startLine]?.trim() ?? "";
  const isCode = (text: string) =>
    text !== "" &&
    !(commentPrefix !== undefined && text.startsWith(commentPrefix)) &&
    !BLOCK_COMMENT.test(text);
  const outline = chunk.outline ?? [];
  const candidates: number[] = [];
  for (let i = 0; i + 1 < outline.length; i += 2)
    for (let l = outline[i] as number; l <= (outline[i + 1] as number); l++)
      candidates.push(l);
  if (candidates.length === 0)
    candidates.push(...lines.map((_, i) => chunk.startLine + i));
  const line = candidates.find((l) => isCode(at(l)));
  if (line === undefined) return undefined;
  const text = at(line);
  return text.length > MAX_SIGNATURE_CHARS ? undefined : { line, text };
}

// Lines inside or opening a block or doc comment, in the languages that have
// them: /* … */, /** … */ and its " * " lines, Python's docstrings.
const BLOCK_COMMENT = /^(\/\*|\*|"""|\'\'\')/;
