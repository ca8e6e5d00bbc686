import { createRequire } from "node:module";
import { Language, Parser } from "web-tree-sitter";
import { GRAMMAR_FILES } from "./grammar-files.js";
import type { SyntaxLanguage } from "../../text/languages.js";

/** A language has no grammar to parse it with; callers fall back to text chunking. */
export class NoGrammarError extends Error {
  constructor(readonly language: string) {
    super(
      `No tree-sitter grammar for language "${language}": its files are chunked as text`,
    );
    this.name = "NoGrammarError";
  }
}

const require = createRequire(import.meta.url);

// One load per process: the runtime's WebAssembly module, then each grammar
// the first time a file of its language is parsed. The promise is stored
// before it settles, so concurrent first calls share one load.
let runtime: Promise<void> | undefined;
const grammars = new Map<SyntaxLanguage, Promise<Language>>();
// One parser per language, reused: a parser holds WebAssembly memory that the
// JavaScript garbage collector never frees.
const parsers = new Map<SyntaxLanguage, Parser>();

/** Whether `language` has a grammar (otherwise `loadGrammar` throws NoGrammarError). */
export function hasGrammar(language: SyntaxLanguage): boolean {
  return GRAMMAR_FILES[language] !== undefined;
}

/**
 * The tree-sitter grammar of a language, loaded on first use and kept for the
 * life of the process.
 *
 * @example
 * const rust = await loadGrammar("rust");
 * await loadGrammar("swift"); // throws NoGrammarError: No tree-sitter grammar for language "swift" …
 */
export function loadGrammar(language: SyntaxLanguage): Promise<Language> {
  const file = GRAMMAR_FILES[language];
  if (file === undefined) return Promise.reject(new NoGrammarError(language));
  let grammar = grammars.get(language);
  if (!grammar) {
    runtime ??= Parser.init();
    grammar = runtime.then(() =>
      Language.load(require.resolve(`@vscode/tree-sitter-wasm/wasm/${file}`)),
    );
    // A failed load is not cached: the next call tries again.
    grammar.catch(() => grammars.delete(language));
    grammars.set(language, grammar);
  }
  return grammar;
}

/**
 * The process's parser for a language, set to its grammar. Parsing is
 * synchronous, so one parser per language serves every caller.
 *
 * @example
 * const parser = await parserFor("go");
 * const tree = parser.parse(text);
 * try { walk(tree.rootNode) } finally { tree?.delete() }
 */
export async function parserFor(language: SyntaxLanguage): Promise<Parser> {
  const grammar = await loadGrammar(language);
  let parser = parsers.get(language);
  if (!parser) {
    parser = new Parser();
    parser.setLanguage(grammar);
    parsers.set(language, parser);
  }
  return parser;
}
