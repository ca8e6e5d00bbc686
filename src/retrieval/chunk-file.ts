import {
  describeDeclaration,
  parseDeclaration,
  type Declaration,
} from "./declarations.js";
import { findSegments } from "./find-segments.js";
import { languageForPath, type Language } from "./language.js";
import {
  fileLines,
  lineAt,
  lineStructure,
  type FileLines,
  type LineStructure,
} from "./line-structure.js";
import { splitPlain } from "./split-plain.js";
import type { Chunk, SourceFile } from "./types.js";

export interface ChunkOptions {
  /** Largest chunk, in tokens (default 600, seed 000's MAX_CHUNK_SIZE_TOKENS). */
  maxTokens?: number;
  /**
   * Neighbouring small declarations are joined into one chunk up to this many
   * tokens (default 300): a dozen three-line helpers make one chunk, not twelve,
   * while a function of its own stays a unit the ranking can pick out.
   */
  mergeTokens?: number;
  /** Characters per token assumed while cutting (default 4). */
  charsPerToken?: number;
}

// Chunking sizes by characters, not by the tokenizer: a repository has tens of
// megabytes of text and js-tiktoken counts about 400k tokens a second, so real
// counts here would cost seconds. Code runs 4 to 5 characters per token in
// o200k_base, so 4 keeps chunks at or a little under the limit; packing counts
// what it sends with the real tokenizer.
const DEFAULTS: Required<ChunkOptions> = {
  maxTokens: 600,
  mergeTokens: 300,
  charsPerToken: 4,
};
// Nested declarations deeper than this are cut on blank lines instead.
const MAX_DEPTH = 6;

interface Unit {
  start: number;
  end: number;
  kind: Chunk["kind"];
  context: string[];
  defines: string[];
}

/** Where a statement sits: what its assignments mean and whether its functions are methods. */
type Scope = "module" | "class" | "body";

interface Context {
  lines: FileLines;
  structure: LineStructure;
  language: Language;
  size: (a: number, b: number) => number;
  maxChars: number;
  mergeChars: number;
}

/**
 * Cuts a file into chunks on boundaries a reader would choose: top-level
 * declarations, and inside a declaration too big for one chunk (a large class,
 * a long function) its own statements, recursively; blank-line blocks for
 * languages without structure support and as the last resort. Chunks cover the
 * file without gaps or overlaps, in line order.
 *
 * `fileId` and `firstId` number the chunks for an index; alone, leave them 0.
 *
 * @example
 * chunkFile({ path: "app/session.py", text })
 * // [{ path: "app/session.py", startLine: 1, endLine: 12, kind: "block", context: "", defines: ["DEFAULT_TIMEOUT"] },
 * //  { startLine: 13, endLine: 40, kind: "class", context: "class Session", defines: ["Session"] },
 * //  { startLine: 41, endLine: 95, kind: "method", context: "class Session › def request", defines: ["request"] }, …]
 */
export function chunkFile(
  file: SourceFile,
  options: ChunkOptions = {},
  fileId = 0,
  firstId = 0,
): Chunk[] {
  const o = { ...DEFAULTS, ...options };
  const lines = fileLines(file.text);
  if (lines.count === 0) return [];
  const language = languageForPath(file.path);
  const { starts } = lines;
  const ctx: Context = {
    lines,
    structure: lineStructure(lines, language),
    language,
    size: (a, b) => (starts[b + 1] as number) - (starts[a] as number),
    maxChars: o.maxTokens * o.charsPerToken,
    mergeChars: Math.min(o.mergeTokens, o.maxTokens) * o.charsPerToken,
  };
  const units =
    language === "text"
      ? plainUnits(ctx, 0, lines.count - 1, [], "block", [])
      : splitRange(ctx, 0, lines.count - 1, 0, [], "module", 0);

  return units.map((u, i) => ({
    id: firstId + i,
    fileId,
    path: file.path,
    startLine: u.start + 1,
    endLine: u.end + 1,
    text: lines.text.slice(
      starts[u.start],
      Math.min((starts[u.end + 1] as number) - 1, lines.text.length),
    ),
    language,
    kind: u.kind,
    context: u.context.join(" › "),
    defines: u.defines,
  }));
}

function splitRange(
  ctx: Context,
  lo: number,
  hi: number,
  minIndent: number,
  ancestors: string[],
  scope: Scope,
  depth: number,
): Unit[] {
  const { lines, structure, language } = ctx;
  const segments =
    depth < MAX_DEPTH
      ? findSegments(lines, structure, language, lo, hi, minIndent)
      : [];
  if (segments.length === 0)
    return plainUnits(ctx, lo, hi, ancestors, "block", []);

  const out: Unit[] = [];
  let pending: Unit | undefined;
  const flush = (): void => {
    if (pending) out.push(pending);
    pending = undefined;
  };
  for (const seg of segments) {
    const parsed = parseDeclaration(
      lineAt(lines, seg.header).trimStart(),
      language,
      scope === "class",
    );
    // Assignments inside a function body are local variables, not declarations.
    const declaration =
      parsed?.kind === "variable" && scope === "body" ? undefined : parsed;
    const own = declaration
      ? [...ancestors, describeDeclaration(declaration, language)]
      : ancestors;
    const kind = declaration?.kind ?? "block";
    if (ctx.size(seg.start, seg.end) > ctx.maxChars) {
      flush();
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
        if (!first.defines.includes(declaration.name))
          first.defines.unshift(declaration.name);
        if (first.kind === "block") first.kind = kind;
      }
      out.push(...inner);
      continue;
    }
    const unit: Unit = {
      start: seg.start,
      end: seg.end,
      kind,
      context: own,
      defines: definedNames(ctx, seg.header, seg.end, declaration),
    };
    if (pending && ctx.size(pending.start, unit.end) <= ctx.mergeChars) {
      pending = {
        start: pending.start,
        end: unit.end,
        kind: pending.kind === "block" ? unit.kind : pending.kind,
        context: ancestors,
        defines: [...pending.defines, ...unit.defines],
      };
    } else {
      flush();
      pending = unit;
    }
  }
  flush();
  return out;
}

function innerScope(kind: Chunk["kind"], outer: Scope): Scope {
  if (kind === "class" || kind === "interface" || kind === "enum")
    return "class";
  // The statements of a block at module level (`if TYPE_CHECKING:`, `try:`) are still module level.
  if (kind === "block" || kind === "variable") return outer;
  return "body";
}

/** The declaration's own name and, for a class kept whole, its members' names. */
function definedNames(
  ctx: Context,
  header: number,
  end: number,
  declaration: Declaration | undefined,
): string[] {
  if (!declaration) return [];
  const names = [declaration.name];
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
    const member = parseDeclaration(
      lineAt(ctx.lines, i).trimStart(),
      ctx.language,
      true,
    );
    if (member) names.push(member.name);
  }
  return names;
}

function plainUnits(
  ctx: Context,
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
