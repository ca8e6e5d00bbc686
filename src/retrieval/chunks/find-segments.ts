import { continuesStatement, isDecorator } from "./declarations.js";
import {
  lineAt,
  type FileLines,
  type LineStructure,
} from "./line-structure.js";

/** A run of lines (0-based, inclusive) that holds whole statements at one indent. */
export interface Segment {
  start: number;
  end: number;
  /** The statement's first line after its leading comments and decorators. */
  header: number;
}

/**
 * Cuts lines `lo..hi` where statements at the shallowest indent of at least
 * `minIndent` begin. Leading comments and decorators stay with the statement
 * below them; blank lines stay with the statement above. Lines before the first
 * statement (a class's own header line, a licence comment) join the first
 * segment. Returns no segments when nothing in the range starts a statement.
 *
 * @example
 * const lines = fileLines("import fs from 'fs';\n\n// helper\nfunction f() {\n}\n");
 * findSegments(lines, lineStructure(lines, "javascript"), 0, 4, 0)
 * // [{ start: 0, end: 1, header: 0 }, { start: 2, end: 4, header: 3 }]
 */
export function findSegments(
  lines: FileLines,
  s: LineStructure,
  lo: number,
  hi: number,
  minIndent: number,
): Segment[] {
  const candidate = (i: number): boolean =>
    s.blank[i] === 0 &&
    s.inside[i] === 0 &&
    s.comment[i] === 0 &&
    (s.indent[i] ?? 0) >= minIndent;
  let indent = Infinity;
  for (let i = lo; i <= hi; i++) {
    if (candidate(i)) indent = Math.min(indent, s.indent[i] ?? 0);
  }
  if (indent === Infinity) return [];

  const starts: number[] = [];
  for (let i = lo; i <= hi; i++) {
    if (!candidate(i) || s.indent[i] !== indent) continue;
    const trimmed = lineAt(lines, i).trimStart();
    if (continuesStatement(trimmed)) continue;
    // Decorators glue onto the statement they decorate.
    const previous = starts.length > 0 ? starts[starts.length - 1] : undefined;
    if (
      previous !== undefined &&
      isDecorator(lineAt(lines, previous).trimStart()) &&
      onlyDecoratorsBetween(lines, s, previous, i)
    ) {
      continue;
    }
    starts.push(i);
  }
  if (starts.length === 0) return [];

  const segments: Segment[] = [];
  for (let k = 0; k < starts.length; k++) {
    const statement = starts[k] as number;
    let start = k === 0 ? lo : statement;
    // Pull leading comments (and a block comment's inner lines) onto the statement.
    if (k > 0) {
      while (
        start - 1 > (segments[segments.length - 1]?.start ?? lo) &&
        s.blank[start - 1] === 0 &&
        s.comment[start - 1] === 1
      )
        start--;
    }
    const previous = segments[segments.length - 1];
    if (previous) previous.end = start - 1;
    segments.push({
      start,
      end: hi,
      header: headerLine(lines, s, statement, hi),
    });
  }
  return segments;
}

function onlyDecoratorsBetween(
  lines: FileLines,
  s: LineStructure,
  from: number,
  to: number,
): boolean {
  for (let i = from + 1; i < to; i++) {
    if (s.blank[i] === 1) return false;
    if (
      s.inside[i] === 0 &&
      s.comment[i] === 0 &&
      !isDecorator(lineAt(lines, i).trimStart())
    )
      return false;
  }
  return true;
}

/** The first line of a statement that is not a decorator: where its name is. */
function headerLine(
  lines: FileLines,
  s: LineStructure,
  statement: number,
  hi: number,
): number {
  let i = statement;
  while (i < hi && isDecorator(lineAt(lines, i).trimStart())) {
    i++;
    while (
      i < hi &&
      (s.inside[i] === 1 || s.blank[i] === 1 || s.comment[i] === 1)
    )
      i++;
  }
  return i;
}
