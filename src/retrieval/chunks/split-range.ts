import {
  describeDeclaration,
  parseDeclaration,
  type Declaration,
} from "./declarations.js";
import { findSegments } from "./find-segments.js";
import {
  lineAt,
  type FileLines,
  type LineStructure,
} from "./line-structure.js";
import { splitPlain } from "./split-plain.js";
import type { Chunk } from "../types.js";

// Nested declarations deeper than this are cut on blank lines instead.
const MAX_DEPTH = 6;

/** A run of lines (0-based, inclusive) that becomes one chunk. */
export interface Unit {
  start: number;
  end: number;
  kind: Chunk["kind"];
  context: string[];
  defines: string[];
  /** Lines compression keeps (see Chunk.outline), from a syntax tree. */
  outline?: number[];
}

/** Where a statement sits: what its assignments mean and whether its functions are methods. */
export type Scope = "module" | "class" | "body";

/** One file as `splitRange` reads it, with its size limits in characters. */
export interface SplitContext {
  lines: FileLines;
  structure: LineStructure;
  size: (a: number, b: number) => number;
  maxChars: number;
  mergeChars: number;
}

/**
 * Cuts lines `lo..hi` (0-based) into chunk-sized units: the statements at the
 * shallowest indent of at least `minIndent`, neighbours joined up to the merge
 * size, and any statement larger than the maximum cut again inside its own
 * body, one indent deeper, with its declaration added to the context. Text
 * without structure, or nested too deep, is cut on blank lines.
 *
 * @example
 * splitRange(ctx, 0, lines.count - 1, 0, [], "module", 0)
 * // [{ start: 0, end: 11, kind: "block", context: [], defines: ["DEFAULT_TIMEOUT"] }, …]
 */
export function splitRange(
  ctx: SplitContext,
  lo: number,
  hi: number,
  minIndent: number,
  ancestors: string[],
  scope: Scope,
  depth: number,
): Unit[] {
  const { lines, structure } = ctx;
  const segments =
    depth < MAX_DEPTH ? findSegments(lines, structure, lo, hi, minIndent) : [];
  if (segments.length === 0)
    return plainUnits(ctx, lo, hi, ancestors, "block", []);

  const run = new UnitRun(ctx, ancestors);
  for (const seg of segments) {
    const parsed = parseDeclaration(
      lineAt(lines, seg.header).trimStart(),
      scope === "class",
    );
    // Assignments inside a function body (`var status = 302`,
    // `this.onload = function () {…}`) are its locals, not declarations.
    const local =
      scope === "body" &&
      (parsed?.kind === "variable" || parsed?.name.includes("."));
    const declaration = local ? undefined : parsed;
    const own = declaration
      ? [...ancestors, describeDeclaration(declaration)]
      : ancestors;
    const kind = declaration?.kind ?? "block";
    if (ctx.size(seg.start, seg.end) > ctx.maxChars) {
      const bodyIndent = (structure.indent[seg.header] ?? 0) + 1;
      const inner = splitRange(
        ctx,
        seg.start,
        seg.end,
        bodyIndent,
        own,
        innerScope(kind, scope),
        depth + 1,
      );
      // The piece holding the header line is where the name is declared.
      const first = inner.find(
        (u) => u.start <= seg.header && seg.header <= u.end,
      );
      if (first && declaration) {
        const names = namesOf(declaration.name).filter(
          (name) => !first.defines.includes(name),
        );
        first.defines.unshift(...names);
        first.kind = kind;
      }
      run.push(inner);
      continue;
    }
    run.add({
      start: seg.start,
      end: seg.end,
      kind,
      context: own,
      defines: definedNames(ctx, seg.header, seg.end, declaration),
    });
  }
  return run.finish();
}

/**
 * Units in line order, each small one joined onto the one before while
 * together they fit the merge size. A joined unit keeps the context both
 * had, else takes the enclosing one; its kind is its first declaration's.
 *
 * @example
 * const run = new UnitRun(ctx, ["class Session"]);
 * run.add(a); run.add(b); // a and b joined if they fit ctx.mergeChars
 * run.push(piecesOfABigMethod); // never joined
 * run.flush(); // the next unit starts anew
 * run.finish() // [a+b, ...piecesOfABigMethod]
 */
export class UnitRun {
  private readonly units: Unit[] = [];
  private pending: Unit | undefined;

  constructor(
    private readonly ctx: SplitContext,
    private readonly enclosing: readonly string[],
  ) {}

  /** Adds a unit, joined onto the last one added if both fit `limit` (default the merge size). */
  add(unit: Unit, limit = this.ctx.mergeChars): void {
    const last = this.pending;
    if (last && this.ctx.size(last.start, unit.end) <= limit) {
      this.pending = {
        start: last.start,
        end: unit.end,
        kind: last.kind === "block" ? unit.kind : last.kind,
        context:
          last.context.join("\n") === unit.context.join("\n")
            ? last.context
            : [...this.enclosing],
        defines: [...last.defines, ...unit.defines],
      };
    } else {
      this.flush();
      this.pending = unit;
    }
  }

  /** Adds units that are never joined to their neighbours (the pieces of a declaration cut apart). */
  push(units: readonly Unit[]): void {
    this.flush();
    this.units.push(...units);
  }

  finish(): Unit[] {
    this.flush();
    return this.units;
  }

  /** Ends the current join: the next unit added starts a new one. */
  flush(): void {
    if (this.pending) this.units.push(this.pending);
    this.pending = undefined;
  }
}

function innerScope(kind: Chunk["kind"], outer: Scope): Scope {
  if (kind === "class" || kind === "interface" || kind === "enum")
    return "class";
  // The statements of a block at module level (`if (…) {`, `try {`) are still module level.
  if (kind === "block" || kind === "variable") return outer;
  return "body";
}

/** The declaration's own name and, for a class kept whole, its members' names. */
function definedNames(
  ctx: SplitContext,
  header: number,
  end: number,
  declaration: Declaration | undefined,
): string[] {
  if (!declaration) return [];
  const names = namesOf(declaration.name);
  if (declaration.kind !== "class") return names;
  const s = ctx.structure;
  const baseIndent = s.indent[header] ?? 0;
  let memberIndent = -1;
  for (let i = header + 1; i <= end; i++) {
    if (s.blank[i] === 1 || s.inside[i] === 1 || s.comment[i] === 1) continue;
    const indent = s.indent[i] ?? 0;
    if (indent <= baseIndent) continue;
    if (memberIndent < 0) memberIndent = indent;
    if (indent !== memberIndent) continue;
    const member = parseDeclaration(lineAt(ctx.lines, i).trimStart(), true);
    if (member) names.push(member.name);
  }
  return names;
}

/**
 * Lines `lo..hi` cut on blank lines (see `splitPlain`), the first piece
 * carrying `kind` and `defines`.
 *
 * @example
 * plainUnits(ctx, 0, 99, ["class Notes"], "block", []) // [{ start: 0, end: 40, … }, { start: 41, end: 99, … }]
 */
export function plainUnits(
  ctx: SplitContext,
  lo: number,
  hi: number,
  context: string[],
  kind: Chunk["kind"],
  defines: string[],
): Unit[] {
  return splitPlain(ctx.structure.blank, lo, hi, ctx.size, ctx.maxChars).map(
    ([start, end], i) => ({
      start,
      end,
      kind: i === 0 ? kind : "block",
      context,
      defines: i === 0 ? defines : [],
    }),
  );
}

/**
 * The names a declaration declares: a qualified one (`basic_json::clear`,
 * `res.redirect`) declares its last part too, the name a question uses.
 *
 * @example
 * namesOf("res.redirect") // ["res.redirect", "redirect"]
 * namesOf("Session")      // ["Session"]
 */
export function namesOf(name: string): string[] {
  const last = /(?:::|\.)([^:.]+)$/.exec(name)?.[1];
  return last ? [name, last] : [name];
}
