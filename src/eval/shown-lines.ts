import { MAP_HEADER } from "../retrieval/pack/pack-map.js";
import { METADATA_HEADER } from "../retrieval/pack/packing-state.js";
import type { PackedPiece } from "../retrieval/pack/packing-types.js";

/** The lines of each file that a packed context shows verbatim, as code. */
export interface ShownLines {
  /** Path → line numbers (1-based) shown exactly as they are in the file (bodies and the map). */
  byPath: Map<string, Set<number>>;
  /** Path → the lines the map shows of a file shown without a body: its signature lines. */
  signaturesByPath: Map<string, Set<number>>;
  /** Code lines in the text that differ from the file line they stand for (0 unless the format changed). */
  mismatches: number;
}

// "path (all 120 lines)" or "path (lines 41-60, 90-99 of 300)": renderFileSection's header.
const HEADER =
  /^(.+) \((?:all \d+ lines|lines (\d+)(?:-\d+)?(?:, \d+(?:-\d+)?)* of \d+)\)$/;
const FENCE = /^(`{3,})[^`]*$/;
// copyNote: "Lines 40-80 are also at single_include/json.hpp:15230-15270 (same text)."
const COPY = /^Lines (\d+)-(\d+) are also at (.+):(\d+)-(\d+) \(same text\)\.$/;
// omittedMarker: "<indent>[<comment prefix> ]… lines 61-89 omitted" (or "… line 61 omitted").
// mapLines: "- pkg/adapters.py:388: def send(self, request,", the line trimmed.
const MAP_LINE = /^- (.+):(\d+): (.*)$/;
const MARKER = /^\s*(?:\S+ )?… lines? (\d+)(?:-(\d+))? omitted$/;

/**
 * Reads a packed context back into the file lines it shows, so recall is
 * measured on what the model sees. `PackedContext.files[].ranges` cannot say
 * this: a compressed piece's range covers lines that its omission markers
 * replace. So we walk each file section (header, fence, code, fence) with a
 * cursor at the header's first line: an omission marker for the lines at the
 * cursor moves it past them, and any other line is the file's line at the
 * cursor, counted only when it equals that line exactly. The metadata list
 * ("Also relevant, not shown …") ends the code and shows no lines.
 *
 * `fileLines(path)` gives a file's lines (see `splitFileLines`). Throws when
 * the text is not in the format `renderFileSection` writes, since measuring
 * a changed format silently would report nonsense.
 *
 * @example
 * shownLines("a.py (lines 3-9 of 40)\n```python\ndef f():\n    # … lines 4-8 omitted\n    return x\n```", fileLines)
 * // { byPath: Map { "a.py" => Set { 3, 9 } }, mismatches: 0 }
 */
export function shownLines(
  text: string,
  fileLines: (path: string) => readonly string[] | undefined,
): ShownLines {
  const byPath = new Map<string, Set<number>>();
  const signaturesByPath = new Map<string, Set<number>>();
  let mismatches = 0;
  if (text === "") return { byPath, signaturesByPath, mismatches };
  const lines = text.split("\n");
  let i = 0;
  while (i < lines.length) {
    const header = lines[i] as string;
    if (header === METADATA_HEADER) break;
    if (header === MAP_HEADER) {
      for (i++; i < lines.length; i++) {
        const entry = MAP_LINE.exec(lines[i] as string);
        if (!entry) break;
        const [, path, number, shownText] = entry as unknown as [
          string,
          string,
          string,
          string,
        ];
        const line = Number(number);
        if (fileLines(path)?.[line - 1]?.trim() !== shownText) {
          mismatches++;
          continue;
        }
        for (const into of [byPath, signaturesByPath]) {
          const set = into.get(path) ?? new Set<number>();
          set.add(line);
          into.set(path, set);
        }
      }
      break;
    }
    const match = HEADER.exec(header);
    const copies: RegExpExecArray[] = [];
    let next = i + 1;
    for (let copy; (copy = COPY.exec(lines[next] ?? "")); next++)
      copies.push(copy);
    const fence = FENCE.exec(lines[next] ?? "")?.[1];
    if (!match || fence === undefined) {
      throw new Error(
        `Line ${i + 1} of the packed context is not a file header and fence: ${JSON.stringify(header)}.`,
      );
    }
    const path = match[1] as string;
    const file = fileLines(path);
    if (!file)
      throw new Error(
        `The packed context shows ${path}, which the harness did not read.`,
      );
    const shown = byPath.get(path) ?? new Set<number>();
    byPath.set(path, shown);
    const inSection = new Set<number>();
    let cursor = match[2] === undefined ? 1 : Number(match[2]);
    i = next + 1;
    for (; i < lines.length && lines[i] !== fence; i++) {
      const line = (lines[i] as string).replace(/\r$/, "");
      const marker = MARKER.exec(line);
      if (marker && Number(marker[1]) === cursor) {
        cursor = Number(marker[2] ?? marker[1]) + 1;
        continue;
      }
      if (file[cursor - 1]?.replace(/\r$/, "") === line) {
        shown.add(cursor);
        inSection.add(cursor);
      } else mismatches++;
      cursor++;
    }
    // A copy's line counts as shown when it is the shown line's text (each
    // line trimmed, as the packer compares them) in the file the note names.
    for (const [, a, b, copyPath, c] of copies) {
      const copyFile = fileLines(copyPath as string);
      if (!copyFile)
        throw new Error(
          `The packed context names ${copyPath} as a copy, which the harness did not read.`,
        );
      const into = byPath.get(copyPath as string) ?? new Set<number>();
      byPath.set(copyPath as string, into);
      for (let line = Number(a); line <= Number(b); line++) {
        if (!inSection.has(line)) continue;
        const at = Number(c) + line - Number(a);
        if (copyFile[at - 1]?.trim() === file[line - 1]?.trim()) into.add(at);
        else mismatches++;
      }
    }
    i++; // the closing fence
    while (i < lines.length && lines[i] === "") i++; // the separator
  }
  return { byPath, signaturesByPath, mismatches };
}

/** Disagreements between the parsed text and the pieces the packer says it placed. */
export interface PieceCheck {
  /** Shown lines that no code piece (full or compressed) covers. */
  outsidePieces: number;
  /** Lines of full pieces that the text does not show. */
  fullNotShown: number;
}

/**
 * Cross-checks `shownLines` against `PackedContext.pieces`: a full piece's
 * lines must all be shown, and nothing may be shown outside a code piece.
 * Both counts are 0 when the parser and the packer agree.
 */
export function checkAgainstPieces(
  shown: ShownLines,
  pieces: readonly PackedPiece[],
): PieceCheck {
  let outsidePieces = 0;
  let fullNotShown = 0;
  const code = pieces.filter((p) => p.form !== "metadata");
  // A map line is a piece of one line: it covers what it shows.
  for (const [path, lines] of shown.byPath) {
    const own = code.flatMap((p) => [
      ...(p.path === path ? [p] : []),
      ...(p.copies ?? [])
        .filter((c) => c.path === path)
        .map((c) => ({ startLine: c.at[0], endLine: c.at[1] })),
    ]);
    for (const line of lines) {
      if (!own.some((p) => p.startLine <= line && line <= p.endLine))
        outsidePieces++;
    }
  }
  for (const piece of code) {
    if (piece.form !== "full") continue;
    const lines = shown.byPath.get(piece.path);
    for (let line = piece.startLine; line <= piece.endLine; line++) {
      if (!lines?.has(line)) fullNotShown++;
    }
  }
  return { outsidePieces, fullNotShown };
}
