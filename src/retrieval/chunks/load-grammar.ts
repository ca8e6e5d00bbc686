import { createRequire } from "node:module";
import type { Language, Parser } from "web-tree-sitter";
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

type TreeSitter = typeof import("web-tree-sitter");

// One load per process: the runtime's WebAssembly module, then each grammar
// the first time a file of its language is parsed. The promise is stored
// before it settles, so concurrent first calls share one load. The
// runtime's JavaScript is imported with it: a question answered from a
// kept index parses nothing, and loading it cost every one a few ms.
let runtime: Promise<TreeSitter> | undefined;
let treeSitter: TreeSitter | undefined;
const grammars = new Map<SyntaxLanguage, Promise<Language>>();
// The grammars whose load has finished, for the synchronous chunker.
const loaded = new Map<SyntaxLanguage, Language>();
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
 * await loadGrammar(language); // a language GRAMMAR_FILES has no file for: throws NoGrammarError
 */
export function loadGrammar(language: SyntaxLanguage): Promise<Language> {
  const file = GRAMMAR_FILES[language];
  if (file === undefined) return Promise.reject(new NoGrammarError(language));
  let grammar = grammars.get(language);
  if (!grammar) {
    runtime ??= import("web-tree-sitter").then(async (module) => {
      await module.Parser.init();
      return (treeSitter = module);
    });
    grammar = runtime.then((module) =>
      module.Language.load(require.resolve(file)),
    );
    // A failed load is not cached: the next call tries again.
    grammar.then(
      (ready) => loaded.set(language, ready),
      () => grammars.delete(language),
    );
    grammars.set(language, grammar);
  }
  return grammar;
}

/**
 * Loads the grammars of the languages among `languages` (those with one), so
 * that `readyParser` serves them synchronously. Chunking is synchronous and
 * runs file by file; an index build awaits this once, before it chunks.
 *
 * @example
 * await loadGrammars(["rust", "go"]) // resolves when both are ready
 */
export async function loadGrammars(
  languages: Iterable<SyntaxLanguage>,
): Promise<void> {
  const wanted = new Set([...languages].filter(hasGrammar));
  await Promise.all([...wanted].map((language) => loadGrammar(language)));
}

/**
 * The process's parser for a language if its grammar has loaded, else
 * undefined (the caller chunks by lines, and says so: see derive-file.ts).
 *
 * @example
 * await loadGrammars(["go"]);
 * readyParser("go")?.parse(text)
 */
export function readyParser(language: SyntaxLanguage): Parser | undefined {
  const grammar = loaded.get(language);
  if (!grammar) return undefined;
  return parserWith(language, grammar);
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
  return parserWith(language, await loadGrammar(language));
}

function parserWith(language: SyntaxLanguage, grammar: Language): Parser {
  let parser = parsers.get(language);
  if (!parser) {
    parser = new (loadedTreeSitter().Parser)();
    parser.setLanguage(grammar);
    parsers.set(language, parser);
  }
  return parser;
}

/**
 * The tree-sitter runtime's module, once a grammar has loaded (nothing is
 * parsed before): for code that makes its objects (queries) from a tree.
 *
 * @example
 * const query = new (loadedTreeSitter().Query)(tree.language, "(identifier) @name");
 */
export function loadedTreeSitter(): TreeSitter {
  if (!treeSitter)
    throw new Error(
      "The tree-sitter runtime is asked for before any grammar loaded (loadGrammar)",
    );
  return treeSitter;
}
