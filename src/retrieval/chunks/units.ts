import type { FileLines } from "./file-lines.js";
import { splitPlain } from "./split-plain.js";
import type { Chunk } from "../types.js";

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

/** One file as the splitters read it, with its size limits in characters. */
export interface SplitContext {
  lines: FileLines;
  /** 1 for an empty or whitespace line (`blankLines`). */
  blank: Uint8Array;
  size: (a: number, b: number) => number;
  maxChars: number;
  mergeChars: number;
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
  return splitPlain(ctx.blank, lo, hi, ctx.size, ctx.maxChars).map(
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
