import type { SyntaxLanguage } from "../../text/languages.js";
import { syntaxLanguageForPath } from "../../text/syntax-language-for-path.js";
import { LANGUAGE_RULES } from "./declaration-rules.js";
import { declarationsInTree } from "./declarations-of.js";
import { loadGrammars, readyParser } from "./load-grammar.js";
import { parseWithinLimit } from "./parse-within-limit.js";
import { syntaxUnits } from "./syntax-units.js";
import { blankLines, fileLines } from "./file-lines.js";
import { plainUnits, type SplitContext, type Unit } from "./units.js";
import type { Chunk, SourceFile } from "../types.js";

export interface ChunkOptions {
  /**
   * Largest chunk, in tokens (default 300). TF-IDF chunk search commonly
   * caps chunks at 600; we cut finer because a function too long for 300 tokens is seldom relevant
   * everywhere, and smaller pieces let packing show the part that is. On the
   * SWE-bench dev set, 300 beat 600 at every budget (line recall at 13k
   * tokens: 0.71 against 0.67). Measured again with syntax trees and the
   * chunk model refitted on each cut (docs/benchmark.md, "Chunk sizes,
   * measured again"): 400 shows less of the fixes; 200 and 250 more
   * lines only within noise, 200 for 13-22 % more index memory, 250 with
   * less of the map.
   */
  maxTokens?: number;
  /**
   * Neighbouring small declarations are joined into one chunk up to this many
   * tokens (default 150): a dozen three-line helpers make one chunk, not twelve,
   * while a function of its own stays a unit the ranking can pick out. Small
   * units let packing spend the budget on the lines that matter.
   */
  mergeTokens?: number;
  /** Characters per token assumed while cutting (default 4). */
  charsPerToken?: number;
}

// Chunking sizes by characters, not by the tokenizer: a repository has tens of
// megabytes of text and even the cached counter takes seconds for that, so
// real counts here would dominate the run. Code runs 4 to 5 characters per token in
// o200k_base, so 4 keeps chunks at or a little under the limit; packing counts
// what it sends with the real tokenizer.
const DEFAULTS: Required<ChunkOptions> = {
  maxTokens: 300,
  mergeTokens: 150,
  charsPerToken: 4,
};
// The language table decides (src/text/languages.ts): a row with a `syntax`
// grammar is cut on its tree once the grammar has loaded, anything else on
// blank lines.
function treeLanguage(path: string): SyntaxLanguage | undefined {
  const language = syntaxLanguageForPath(path);
  return language && LANGUAGE_RULES[language] ? language : undefined;
}

/**
 * How `chunkFile` cuts a file once its grammar has loaded: on its syntax
 * tree (the grammar, "python") or on blank lines ("text"). Files with the
 * same text cut the same way get the same chunks, which is what a derived
 * cache is keyed on.
 *
 * @example
 * chunkerFor("src/app.tsx") // "tsx"
 * chunkerFor("pkg/api.py")  // "python"
 * chunkerFor("notes.txt")   // "text"
 */
export function chunkerFor(path: string): string {
  return treeLanguage(path) ?? "text";
}

/**
 * Loads the grammars the files' languages are chunked with, once per
 * process: chunking is synchronous, so an index build awaits this first.
 *
 * @example
 * await loadGrammarsFor(files);
 * const index = indexRepository(files);
 */
export async function loadGrammarsFor(
  files: Iterable<{ path: string }>,
): Promise<void> {
  const languages = new Set<SyntaxLanguage>();
  for (const file of files) {
    const language = treeLanguage(file.path);
    if (language) languages.add(language);
  }
  await loadGrammars(languages);
}

/**
 * Whether chunking a file now would fall short of its syntax tree because
 * its grammar has not loaded (`loadGrammarsFor` was not awaited): such
 * chunks are fine for this index but never cached as the file's own.
 *
 * @example
 * chunkedWithoutGrammar("src/lib.rs") // true until loadGrammarsFor([{ path: "src/lib.rs" }]) resolves
 */
export function chunkedWithoutGrammar(path: string): boolean {
  const language = treeLanguage(path);
  return language !== undefined && readyParser(language) === undefined;
}

function treeUnits(ctx: SplitContext, path: string): Unit[] | undefined {
  const language = treeLanguage(path);
  if (!language) return undefined;
  const rules = LANGUAGE_RULES[language];
  const parser = readyParser(language);
  const tree = parser && parseWithinLimit(parser, ctx.lines.text);
  if (!rules || !tree) return undefined;
  // The tree lives in WebAssembly memory, which is never garbage-collected.
  try {
    return syntaxUnits(ctx, {
      root: tree.rootNode,
      rules,
      declarations: declarationsInTree(tree, language, ctx.lines.text),
    });
  } finally {
    tree.delete();
  }
}

/**
 * Cuts a file into chunks on boundaries a reader would choose: top-level
 * declarations, and inside a declaration too big for one chunk (a large class,
 * a long function) its own statements, recursively; blank-line blocks for
 * languages without a grammar and as the last resort. Chunks cover the
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
  return cutFile(file, options, fileId, firstId, true);
}

/**
 * Cuts a file as `chunkFile` would without its syntax tree: on blank lines,
 * which costs a tenth of parsing.
 * A first pass over a large repository cuts this way to find which files
 * are worth their tree (see `indexForOneQuestion`).
 *
 * @example
 * chunkFileWithoutTree({ path: "app/session.py", text }) // blank-line blocks, no declarations
 */
export function chunkFileWithoutTree(
  file: SourceFile,
  options: ChunkOptions = {},
): Chunk[] {
  return cutFile(file, options, 0, 0, false);
}

function cutFile(
  file: SourceFile,
  options: ChunkOptions,
  fileId: number,
  firstId: number,
  withTree: boolean,
): Chunk[] {
  const o = { ...DEFAULTS, ...options };
  const lines = fileLines(file.text);
  if (lines.count === 0) return [];
  const { starts } = lines;
  const ctx: SplitContext = {
    lines,
    blank: blankLines(lines),
    size: (a, b) => (starts[b + 1] as number) - (starts[a] as number),
    maxChars: o.maxTokens * o.charsPerToken,
    mergeChars: Math.min(o.mergeTokens, o.maxTokens) * o.charsPerToken,
  };
  const units =
    (withTree ? treeUnits(ctx, file.path) : undefined) ??
    plainUnits(ctx, 0, lines.count - 1, [], "block", []);

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
    kind: u.kind,
    context: u.context.join(" › "),
    defines: u.defines,
    ...(u.outline ? { outline: u.outline } : {}),
  }));
}
