import type { Node } from "web-tree-sitter";
import {
  namesOf,
  plainUnits,
  UnitRun,
  type SplitContext,
  type Unit,
} from "./units.js";
import type { LanguageRules } from "./declaration-rules.js";
import {
  bodyOf,
  lastRow,
  PATH_SEPARATOR,
  trailingComments,
  type Declaration,
} from "./declarations-of.js";

// Nested containers deeper than this are cut on blank lines instead.
const MAX_DEPTH = 6;
// Looking for the list of statements inside a node (a function's body
// block, a decorated definition's class body) goes this many levels down.
const MAX_DESCENT = 4;

/** A file's syntax tree as the splitter reads it. */
export interface ParsedFile {
  root: Node;
  rules: LanguageRules;
  /** The file's declarations, in source order (declarations-of.ts). */
  declarations: readonly Declaration[];
}

interface Segment {
  start: number;
  end: number;
  node: Node;
  /** Where the node's own lines start (its comments included): a first segment's earlier lines are its container's header. */
  head: number;
}

/**
 * Cuts a parsed file into chunk-sized units on its syntax tree: the root's
 * statements and declarations, neighbours joined up to the merge size, and
 * any one larger than the maximum cut again on the statements or members
 * inside it (a class on its methods, a function on its statements), its
 * declaration added to the context. Comments and attributes above a node go
 * with it; blank lines stay with the node above. What has no inner structure
 * is cut on blank lines. Each unit defines the declarations that start in
 * it, except those local to a function.
 *
 * @example
 * syntaxUnits(ctx, parsed)
 * // [{ start: 0, end: 9, kind: "block", context: [], defines: [] },
 * //  { start: 10, end: 41, kind: "impl", context: ["impl Parser"], defines: ["Parser", "new", "parse_args"] }, …]
 */
export function syntaxUnits(ctx: SplitContext, parsed: ParsedFile): Unit[] {
  const byRow = outermostByRow(parsed.declarations);
  const hi = ctx.lines.count - 1;
  const units = splitSegments(
    ctx,
    parsed,
    byRow,
    segmentsIn(parsed.root, parsed.rules, 0, hi),
    0,
    hi,
    [],
    0,
  );
  // Every unit cut on a tree has an outline, even an empty one: compression
  // reads it as code (its exits kept), never as prose.
  for (const unit of units) unit.outline ??= [];
  addDefinitions(units, parsed.declarations);
  return units;
}

function splitSegments(
  ctx: SplitContext,
  parsed: ParsedFile,
  byRow: ReadonlyMap<number, Declaration>,
  segments: readonly Segment[],
  lo: number,
  hi: number,
  ancestors: readonly string[],
  depth: number,
): Unit[] {
  if (segments.length < 2 || depth >= MAX_DEPTH)
    return plainUnits(ctx, lo, hi, [...ancestors], "block", []);
  const run = new UnitRun(ctx, ancestors);
  for (const seg of segments) {
    const declaration = byRow.get(seg.node.startPosition.row);
    const own = pathWithin(declaration, seg.end) ?? [...ancestors];
    const kind: Unit["kind"] = declaration ? declaration.kind : "block";
    // A first segment also holds its container's header (a function's
    // signature above its first statement): that text is the container's.
    const label = depth > 0 && seg.start < seg.head ? [...ancestors] : own;
    const whole = { kind, context: own, defines: [] };
    if (ctx.size(seg.start, seg.end) <= ctx.maxChars) {
      run.add({ start: seg.start, end: seg.end, ...whole, context: label });
      continue;
    }
    // What stands above the node (its doc comment, or the header of the
    // container around it) is cut off first: a long doc comment must not
    // make a short function look large and scatter it.
    const row = seg.node.startPosition.row;
    const from = Math.max(row, seg.start);
    run.flush();
    if (row > seg.start)
      for (const lead of plainUnits(
        ctx,
        seg.start,
        row - 1,
        label,
        "block",
        [],
      ))
        run.add(lead);
    if (ctx.size(from, seg.end) <= ctx.maxChars) {
      run.add({ start: from, end: seg.end, ...whole }, ctx.maxChars);
      continue;
    }
    const inner = innerSegments(seg.node, parsed.rules, from, seg.end);
    const pieces = splitSegments(
      ctx,
      parsed,
      byRow,
      inner.segments,
      from,
      seg.end,
      innermostPath(inner.through, byRow, own),
      depth + 1,
    );
    // The piece holding the declaration's first line is the declaration,
    // and its doc comment joins it when both fit one chunk.
    const [first, ...rest] = pieces;
    if (first && declaration) first.kind = kind;
    if (first) run.add(first, ctx.maxChars);
    run.push(rest);
  }
  return run.finish();
}

/**
 * The statements or members inside a node, found by going down through its
 * body (a function's block, a class's member list) or, for a node without
 * one (a decorated definition, `export`, a preprocessor `#if`), its own
 * children or its largest child.
 */
function innerSegments(
  node: Node,
  rules: LanguageRules,
  lo: number,
  hi: number,
): { segments: Segment[]; through: Node[] } {
  const through: Node[] = [];
  let at: Node | null = node;
  for (let level = 0; at && level < MAX_DESCENT; level++) {
    through.push(at);
    // A wrapper (`template <…>`, a decorator, `export`) is read through to
    // what it wraps: its own parts are not the declaration's members.
    if (rules.wrappers.includes(at.type)) {
      at = largestChild(at);
      continue;
    }
    const body: Node | null = bodyOf(at, rules);
    const segments = segmentsIn(body ?? at, rules, lo, hi);
    if (segments.length >= 2) return { segments, through };
    at = body ?? largestChild(at);
  }
  return { segments: [], through };
}

// The innermost declaration among the nodes the splitter went down through
// (a namespace holding one class: the class), so pieces name it.
function innermostPath(
  through: readonly Node[],
  byRow: ReadonlyMap<number, Declaration>,
  own: string[],
): string[] {
  let path = own;
  for (const node of through) {
    const parts = pathWithin(byRow.get(node.startPosition.row), lastRow(node));
    if (parts && parts.length > path.length) path = parts;
  }
  return path;
}

// A declaration's path parts, if it ends by row `end` (0-based): the one
// starting on a node's row is that node's only when it fits inside it.
function pathWithin(
  declaration: Declaration | undefined,
  end: number,
): string[] | undefined {
  return declaration && declaration.endLine - 1 <= end
    ? declaration.path.split(PATH_SEPARATOR)
    : undefined;
}

/**
 * Where the named children of `container` start, as segments covering
 * `lo..hi`: comments and attributes above a child start its segment, a
 * comment trailing on the line of the child before it does not, and the
 * lines before the first child (a declaration's own header) join the first.
 */
function segmentsIn(
  container: Node,
  rules: LanguageRules,
  lo: number,
  hi: number,
): Segment[] {
  const starts: Array<{ row: number; node: Node }> = [];
  let lead: number | undefined;
  let previousEnd = -1;
  for (const child of container.namedChildren) {
    if (!child) continue;
    const row = child.startPosition.row;
    if (row < lo || row > hi) continue;
    const note =
      rules.comments.includes(child.type) ||
      rules.attributes.includes(child.type);
    if (note) {
      if (row > previousEnd) lead ??= row;
      previousEnd = Math.max(previousEnd, lastRow(child));
      continue;
    }
    const start = lead ?? row;
    lead = undefined;
    previousEnd = Math.max(previousEnd, lastRow(child));
    // The comments Kotlin's package header or imports end with are the
    // next declaration's.
    const held = trailingComments(child, rules)[0]?.startPosition.row;
    if (held !== undefined && held <= hi) lead = held;
    const last = starts.at(-1);
    if (last && start <= last.row) continue;
    starts.push({ row: start, node: child });
  }
  return starts.map((s, i) => ({
    start: i === 0 ? lo : s.row,
    end: i + 1 < starts.length ? (starts[i + 1]?.row as number) - 1 : hi,
    node: s.node,
    head: s.row,
  }));
}

function largestChild(node: Node): Node | null {
  let best: Node | null = null;
  let bestRows = 0;
  for (const child of node.namedChildren) {
    if (!child) continue;
    const rows = child.endPosition.row - child.startPosition.row;
    if (rows > bestRows) {
      best = child;
      bestRows = rows;
    }
  }
  return best;
}

// The declaration that starts on a row and spans furthest: a segment's
// node starts where it does (decorators and `export` included).
function outermostByRow(
  declarations: readonly Declaration[],
): Map<number, Declaration> {
  const byRow = new Map<number, Declaration>();
  for (const d of declarations) {
    const row = d.startLine - 1;
    const held = byRow.get(row);
    if (!held || d.endLine > held.endLine) byRow.set(row, d);
  }
  return byRow;
}

// Lines of a doc comment compression keeps.
const DOC_LINES_KEPT = 2;

// A function's own helpers and locals are not names of the file; an impl
// block names a type declared elsewhere.
const LOCAL_OWNERS = new Set(["function", "method"]);

function addDefinitions(
  units: readonly Unit[],
  declarations: readonly Declaration[],
): void {
  let u = 0;
  for (const d of declarations) {
    if (d.kind === "impl" || (d.owner && LOCAL_OWNERS.has(d.owner))) continue;
    const row = d.startLine - 1;
    while (u < units.length && (units[u] as Unit).end < row) u++;
    const unit = units[u];
    if (!unit) return;
    if (unit.start > row) continue;
    for (const name of namesOf(d.name))
      if (!unit.defines.includes(name)) unit.defines.push(name);
    // What compression keeps: the signature, and the doc comment's opening
    // lines (its summary; a long doc is what compression is for).
    const kept = (unit.outline ??= []);
    kept.push(d.signature.startLine, d.signature.endLine);
    if (d.doc)
      kept.push(
        d.doc.startLine,
        Math.min(d.doc.endLine, d.doc.startLine + DOC_LINES_KEPT - 1),
      );
  }
}
