import type { JoinedPart } from "../../tokens/count-joined.js";
import type { TokenCounter } from "../../tokens/token-counter.js";
import type { PackedPiece } from "./packing-types.js";
import {
  fileSectionParts,
  renderFileSection,
  type RenderedBlock,
} from "./render-context.js";

/** A chunk placed in the context, in one form. */
export interface Placed {
  /** Position in the ranked list: lower is better, and the last to go when cutting. */
  rank: number;
  piece: PackedPiece;
  text: string;
}

interface FileState {
  path: string;
  lineCount: number;
  /** Code pieces in line order. */
  shown: Placed[];
  /** Estimated tokens of the file's section. */
  cost: number;
}

export const SECTION_SEPARATOR = "\n\n";
export const METADATA_HEADER =
  "Also relevant, not shown (read with read_file_contents):";

/**
 * The pieces chosen so far and an estimate of their rendered size, kept up to
 * date as pieces come and go. The estimate adds exact counts of each part
 * (code, headers, markers) plus one token per joining newline; tokenizing the
 * joined text can merge a newline with the indentation after it, so the
 * estimate runs at or a little above the real count. `renderParts()` gives
 * the text whose real count is what the budget is checked against.
 */
export class PackingState {
  private readonly files = new Map<string, FileState>();
  readonly metadata: Placed[] = [];
  /** Estimated tokens of the whole rendered text. */
  total = 0;
  private readonly separatorTokens: number;
  private readonly metadataHeaderTokens: number;

  constructor(
    private readonly counter: TokenCounter,
    private readonly lineCount: (path: string) => number,
  ) {
    this.separatorTokens = counter.count(SECTION_SEPARATOR);
    this.metadataHeaderTokens = counter.count(METADATA_HEADER);
  }

  /** Estimated tokens the text grows by if `placed` is added (code goes to its file, metadata to the list). */
  costOfAdding(placed: Placed): number {
    if (placed.piece.form === "metadata") {
      const first =
        this.metadata.length === 0
          ? this.metadataHeaderTokens + 1 + this.separatorTokens
          : 0;
      return first + placed.piece.tokens + 1;
    }
    const file = this.files.get(placed.piece.path);
    if (!file)
      return (
        this.sectionCost(placed.piece.path, [placed]) +
        (this.files.size > 0 || this.metadata.length > 0
          ? this.separatorTokens
          : 0)
      );
    return (
      this.sectionCost(file.path, insertSorted(file.shown, placed)) - file.cost
    );
  }

  add(placed: Placed): void {
    this.total += this.costOfAdding(placed);
    if (placed.piece.form === "metadata") {
      this.metadata.push(placed);
      return;
    }
    const file = this.files.get(placed.piece.path);
    if (!file) {
      const shown = [placed];
      this.files.set(placed.piece.path, {
        path: placed.piece.path,
        lineCount: this.lineCount(placed.piece.path),
        shown,
        cost: this.sectionCost(placed.piece.path, shown),
      });
      return;
    }
    file.shown = insertSorted(file.shown, placed);
    file.cost = this.sectionCost(file.path, file.shown);
  }

  remove(placed: Placed): void {
    if (placed.piece.form === "metadata") {
      this.metadata.splice(this.metadata.indexOf(placed), 1);
    } else {
      const file = this.files.get(placed.piece.path);
      if (!file) return;
      file.shown = file.shown.filter((p) => p !== placed);
      if (file.shown.length === 0) this.files.delete(file.path);
      else file.cost = this.sectionCost(file.path, file.shown);
    }
    this.total = this.recount();
  }

  /** Everything placed, best first. */
  placed(): Placed[] {
    return [
      ...[...this.files.values()].flatMap((f) => f.shown),
      ...this.metadata,
    ].sort((a, b) => a.rank - b.rank);
  }

  /** Files in the order shown (by their best piece) with their code pieces in line order. */
  orderedFiles(): Array<{ path: string; lineCount: number; shown: Placed[] }> {
    const best = (f: FileState): number =>
      Math.min(...f.shown.map((p) => p.rank));
    return [...this.files.values()].sort((a, b) => best(a) - best(b));
  }

  /**
   * The context text as parts that join to it (`joinedText`): file
   * sections, best file first, then the metadata list, the pieces with their
   * tokens, so `countJoined` counts it from them.
   */
  renderParts(): JoinedPart[] {
    const sections = this.orderedFiles().map((f) =>
      fileSectionParts(
        f.path,
        f.lineCount,
        toBlocks(f.shown),
        copyNotes(f.shown),
      ),
    );
    if (this.metadata.length > 0) {
      const lines = [...this.metadata]
        .sort((a, b) => a.rank - b.rank)
        .flatMap((m) => ["\n", partOf(m)]);
      sections.push([METADATA_HEADER, ...lines]);
    }
    return sections.flatMap((parts, i) =>
      i === 0 ? parts : [SECTION_SEPARATOR, ...parts],
    );
  }

  private recount(): number {
    let total = 0;
    let sections = 0;
    for (const file of this.files.values()) {
      total += file.cost;
      sections++;
    }
    if (this.metadata.length > 0) {
      total +=
        this.metadataHeaderTokens +
        this.metadata.reduce((sum, m) => sum + m.piece.tokens + 1, 0);
      sections++;
    }
    return total + Math.max(0, sections - 1) * this.separatorTokens;
  }

  /**
   * Estimated tokens of one file's section: the section rendered with empty
   * blocks (header, fences, markers, exactly as `renderParts` makes them), plus each
   * piece's own count and a token for each newline and marker indent.
   */
  private sectionCost(path: string, shown: readonly Placed[]): number {
    const blocks = toBlocks(shown, false);
    const skeleton = renderFileSection(
      path,
      this.lineCount(path),
      blocks,
      copyNotes(shown),
    );
    let cost = this.counter.count(skeleton) + blocks.length;
    for (const p of shown) cost += p.piece.tokens + 1;
    return cost;
  }
}

/** Joins pieces that touch (a line after the other) into one block; without their text when only the shape is needed. */
function toBlocks(shown: readonly Placed[], withText = true): RenderedBlock[] {
  const blocks: RenderedBlock[] = [];
  for (const p of shown) {
    const last = blocks[blocks.length - 1];
    if (last && last.endLine + 1 === p.piece.startLine) {
      last.endLine = p.piece.endLine;
      if (withText) {
        last.text = `${last.text}\n${p.text}`;
        last.parts?.push("\n", partOf(p));
      }
    } else {
      blocks.push({
        startLine: p.piece.startLine,
        endLine: p.piece.endLine,
        text: withText ? p.text : "",
        ...(withText ? { parts: [partOf(p)] } : {}),
      });
    }
  }
  return blocks;
}

/** A placed piece's text with its count (`makePlaced` counted it), for `countJoined`. */
const partOf = (p: Placed): JoinedPart => ({
  text: p.text,
  tokens: p.piece.tokens,
});

/** The copies the pieces name, for the notes under the file's header. */
function copyNotes(shown: readonly Placed[]) {
  return shown.flatMap((p) => p.piece.copies ?? []);
}

function insertSorted(shown: readonly Placed[], placed: Placed): Placed[] {
  const out = [...shown, placed];
  out.sort((a, b) => a.piece.startLine - b.piece.startLine);
  return out;
}
