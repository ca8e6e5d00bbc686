import {
  hasGrammar,
  loadGrammar,
  NoGrammarError,
  parserFor,
} from "../../../../src/retrieval/chunks/load-grammar.js";
import type { SyntaxLanguage } from "../../../../src/text/languages.js";
import { syntaxLanguageForPath } from "../../../../src/text/syntax-language-for-path.js";

describe("loadGrammar", () => {
  it("loads a grammar once: concurrent first calls share one load", async () => {
    const [a, b] = [loadGrammar("java"), loadGrammar("java")];
    expect(a).toBe(b);
    expect(await a).toBe(await loadGrammar("java"));
    // Java's grammar, not another language's.
    expect((await a).idForNodeType("method_declaration", true)).not.toBeNull();
    expect((await a).idForNodeType("function_item", true)).toBeNull();
  });

  it("reuses one parser per language", async () => {
    expect(await parserFor("go")).toBe(await parserFor("go"));
    expect(await parserFor("go")).not.toBe(await parserFor("rust"));
  });

  it("parses C with the C++ grammar", async () => {
    const tree = (await parserFor("c")).parse("int main(void) { return 0; }\n");
    try {
      expect(tree?.rootNode.type).toBe("translation_unit");
      expect(tree?.rootNode.hasError).toBe(false);
    } finally {
      tree?.delete();
    }
  });

  it.each([
    ["kotlin", 'fun main() {\n    println("hi")\n}\n', "source_file"],
    ["swift", 'func main() {\n    print("hi")\n}\n', "source_file"],
    [
      "scala",
      'object Main {\n  def main(): Unit = println("hi")\n}\n',
      "compilation_unit",
    ],
  ] as const)(
    "loads %s from its package's .wasm file and parses it",
    async (language, text, root) => {
      expect(hasGrammar(language)).toBe(true);
      const tree = (await parserFor(language)).parse(text);
      try {
        expect(tree?.rootNode.type).toBe(root);
        expect(tree?.rootNode.hasError).toBe(false);
      } finally {
        tree?.delete();
      }
    },
  );

  it("names a language that has no grammar", async () => {
    // Every language of the table has one now; a row added without one
    // is chunked as text.
    const unknown = "cobol" as SyntaxLanguage;
    expect(hasGrammar(unknown)).toBe(false);
    expect(hasGrammar("python")).toBe(true);
    const error = await loadGrammar(unknown).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NoGrammarError);
    expect((error as NoGrammarError).language).toBe("cobol");
    expect((error as Error).message).toMatch(/"cobol"/);
  });
});

describe("syntaxLanguageForPath", () => {
  it.each([
    ["tokio/src/runtime/task.rs", "rust"],
    ["src/App.tsx", "tsx"],
    ["src/index.mts", "typescript"],
    ["lib/zstd.h", "c"],
    ["include/json.hpp", "cpp"],
    ["pkg/cache/store.go", "go"],
    ["scripts/install.sh", "shell"],
    ["app/Main.kt", "kotlin"],
    ["Sources/App/Grid.swift", "swift"],
    ["core/src/main/scala/Cache.scala", "scala"],
  ])("%s is %s", (path, language) => {
    expect(syntaxLanguageForPath(path)).toBe(language);
  });

  it("has no language for prose or data", () => {
    expect(syntaxLanguageForPath("README.md")).toBeUndefined();
    expect(syntaxLanguageForPath("Makefile")).toBeUndefined();
  });
});
