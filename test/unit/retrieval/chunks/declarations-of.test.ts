import { readFileSync } from "node:fs";
import {
  declarationsOf,
  type Declaration,
} from "../../../../src/retrieval/chunks/declarations-of.js";
import type { SyntaxLanguage } from "../../../../src/text/languages.js";

const fixture = (name: string): string =>
  readFileSync(
    new URL(`../../../fixtures/languages/${name}`, import.meta.url),
    "utf8",
  );

// kind, path, start line, end line: the outline a reader would write by hand.
type Outline = [Declaration["kind"], string, number, number];
const outline = (found: Declaration[]): Outline[] =>
  found.map((d) => [d.kind, d.path, d.startLine, d.endLine]);

async function declarationsOfFixture(
  language: SyntaxLanguage,
  name: string,
): Promise<Declaration[]> {
  return declarationsOf(language, fixture(name));
}

const byName = (found: Declaration[], name: string): Declaration => {
  const match = found.find((d) => d.name === name);
  if (!match) throw new Error(`no declaration named ${name}`);
  return match;
};

describe("declarationsOf", () => {
  it("Rust: structs, impls (trait impls named `Trait for Type`), trait methods and inline modules, not `mod x;`", async () => {
    const found = await declarationsOfFixture("rust", "parser.rs");
    expect(outline(found)).toEqual([
      ["struct", "struct Parser", 6, 8],
      ["impl", "impl Parser", 10, 16],
      ["method", "impl Parser › fn parse_args", 12, 15],
      ["impl", "impl fmt::Display for Parser", 18, 22],
      ["method", "impl fmt::Display for Parser › fn fmt", 19, 21],
      ["trait", "trait Visit", 24, 26],
      ["method", "trait Visit › fn visit", 25, 25],
      ["module", "mod inner", 28, 30],
      ["enum", "mod inner › enum Token", 29, 29],
    ]);
    // The doc comment reads up through `#[derive(Debug)]`, and stops at the
    // blank line below the crate's `//!` comment.
    expect(byName(found, "Parser").doc).toEqual({ startLine: 3, endLine: 4 });
    const parseArgs = byName(found, "parse_args");
    expect(parseArgs.signature).toEqual({
      startLine: 12,
      endLine: 12,
      text: "pub fn parse_args(&self) -> Result<(), Error>",
    });
    expect(parseArgs.doc).toEqual({ startLine: 11, endLine: 11 });
  });

  it("C++: namespaces, templates, in-class prototypes, out-of-line definitions and multi-line signatures", async () => {
    const found = await declarationsOfFixture("cpp", "basic_json.cpp");
    expect(outline(found)).toEqual([
      ["module", "namespace nlohmann", 3, 12],
      ["class", "namespace nlohmann › class basic_json", 5, 11],
      ["method", "namespace nlohmann › class basic_json › fn parse", 9, 9],
      ["method", "namespace nlohmann › class basic_json › fn size", 10, 10],
      ["struct", "struct point", 14, 14],
      ["function", "fn make_point", 15, 18],
      ["function", "fn nlohmann::basic_json::clear", 19, 19],
      ["enum", "enum color", 20, 20],
      ["function", "fn count", 21, 21],
    ]);
    const json = byName(found, "basic_json");
    expect(json.signature.text).toBe(
      "template <typename T>\nclass basic_json : public base",
    );
    expect(json.doc).toEqual({ startLine: 4, endLine: 4 });
    expect(byName(found, "make_point").signature).toEqual({
      startLine: 15,
      endLine: 16,
      text: "static struct point *make_point(int x,\n                                int y)",
    });
  });

  it("C++: a local built with arguments inside a function is not a prototype", async () => {
    const text = [
      "int parse(const char *s);",
      "void Pool::acquire() {",
      "  std::lock_guard<std::mutex> lock(mu_);",
      "  Conn conn(host_, port_);",
      "}",
      "",
    ].join("\n");
    const found = await declarationsOf("cpp", text);
    expect(found.map((d) => `${d.kind} ${d.path}`)).toEqual([
      "function fn parse",
      "function fn Pool::acquire",
    ]);
  });

  it.each([
    [
      "python",
      "TIMEOUT = 5\nclass Session:\n    retries = 3\n    def send(self):\n        local = 1\n        self.sent = True\n",
      [
        "variable TIMEOUT",
        "class class Session",
        "variable class Session › retries",
        "method class Session › def send",
      ],
    ],
    [
      "cpp",
      "#define MAX_LEVEL 22\n#define MIN(a, b) ((a) < (b) ? (a) : (b))\nint f() {\n  const int local = 1;\n  return local;\n}\n",
      ["variable #define MAX_LEVEL", "function #define MIN", "function fn f"],
    ],
    [
      "rust",
      'pub const MAX: usize = 8;\nstatic NAME: &str = "x";\nfn f() {\n    const LOCAL: u8 = 1;\n}\n',
      ["variable const MAX", "variable static NAME", "function fn f"],
    ],
    [
      "go",
      "package p\n\nconst Limit = 10\n\nvar Default = New()\n\nfunc New() int {\n\tvar local = 1\n\treturn local\n}\n",
      ["variable const Limit", "variable var Default", "function func New"],
    ],
  ] as const)(
    "%s: named values outside functions are declarations, locals are not",
    async (language, text, expected) => {
      const found = await declarationsOf(language, text);
      expect(found.map((d) => `${d.kind} ${d.path}`)).toEqual(expected);
    },
  );

  it("C: typedef'd structs keep their comment, prototypes are functions, uses of `struct x` are not declarations", async () => {
    const found = await declarationsOfFixture("c", "buffer.c");
    expect(outline(found)).toEqual([
      ["struct", "struct buffer", 4, 7],
      ["enum", "enum buffer_status", 9, 9],
      ["function", "fn buffer_append", 12, 15],
      ["function", "fn buffer_free", 17, 17],
    ]);
    expect(byName(found, "buffer").doc).toEqual({ startLine: 3, endLine: 3 });
    expect(byName(found, "buffer_append").doc).toEqual({
      startLine: 11,
      endLine: 11,
    });
  });

  it("Go: structs, interfaces and aliases by their type, methods with receivers", async () => {
    const found = await declarationsOfFixture("go", "store.go");
    expect(outline(found)).toEqual([
      ["struct", "type Store", 4, 6],
      ["interface", "type Getter", 9, 11],
      ["method", "type Getter › func Get", 10, 10],
      ["type", "type ID", 13, 13],
      ["method", "func (s *Store) Get", 16, 18],
      ["function", "func New", 20, 20],
    ]);
    expect(byName(found, "Store").signature.text).toBe("type Store struct");
    expect(found[4]?.signature.text).toBe(
      "func (s *Store) Get(key string) int",
    );
    expect(found[4]?.doc).toEqual({ startLine: 15, endLine: 15 });
  });

  it("Java: nested types, constructors, annotations in the signature, Javadoc", async () => {
    const found = await declarationsOfFixture("java", "JsonParser.java");
    expect(outline(found)).toEqual([
      ["class", "class JsonParser", 6, 20],
      ["enum", "class JsonParser › enum Feature", 7, 7],
      ["method", "class JsonParser › constructor JsonParser", 9, 9],
      ["method", "class JsonParser › method nextToken", 12, 15],
      ["interface", "class JsonParser › interface Listener", 17, 19],
      [
        "method",
        "class JsonParser › interface Listener › method onToken",
        18,
        18,
      ],
    ]);
    expect(byName(found, "JsonParser").doc).toEqual({
      startLine: 3,
      endLine: 5,
    });
    const next = byName(found, "nextToken");
    expect(next.signature.text).toBe(
      "@Override\n    public Token nextToken() throws IOException",
    );
    expect(next.doc).toEqual({ startLine: 11, endLine: 11 });
  });

  it("TypeScript: type aliases, interfaces, enums, namespaces, classes and exported arrow functions", async () => {
    const found = await declarationsOfFixture("typescript", "plugin.ts");
    expect(outline(found)).toEqual([
      ["type", "type Dayjs", 1, 1],
      ["interface", "interface PluginOptions", 4, 6],
      ["enum", "enum Unit", 8, 10],
      ["module", "namespace Format", 12, 16],
      ["function", "namespace Format › function pad", 13, 15],
      ["class", "class Formatter", 18, 22],
      ["method", "class Formatter › method format", 19, 21],
      ["function", "function plugin", 25, 27],
    ]);
    const plugin = byName(found, "plugin");
    expect(plugin.signature.text).toBe(
      "export const plugin = (options: PluginOptions) =>",
    );
    expect(plugin.doc).toEqual({ startLine: 24, endLine: 24 });
  });

  it("JavaScript: functions, classes, methods, function expressions, and what is assigned to a module's objects", async () => {
    const found = await declarationsOfFixture("javascript", "locale.js");
    // `this.onformat = …` is format's own doing, `Locale.defaults = {}` no function.
    expect(outline(found)).toEqual([
      ["function", "function parseLocale", 4, 6],
      ["class", "class Locale", 8, 12],
      ["method", "class Locale › method constructor", 9, 11],
      ["function", "function formatter", 14, 16],
      ["function", "function Locale.prototype.format", 21, 24],
      ["class", "class module.exports", 26, 26],
    ]);
    expect(byName(found, "parseLocale").doc).toEqual({
      startLine: 1,
      endLine: 3,
    });
    expect(byName(found, "Locale.prototype.format").doc).toEqual({
      startLine: 20,
      endLine: 20,
    });
  });

  it("JavaScript: a module's named values and class fields holding functions; a callback's declarations are its own, a module wrapper's the module's", async () => {
    const found = await declarationsOf(
      "javascript",
      `import { FORMAT_DEFAULT } from './constant'
const { min, max } = require('./bounds')
export const REGEX_PARSE = /^(\\d{4})-(\\d{1,2})$/, MS = 'millisecond'
proto[method] = function () {}

export default (option, Dayjs) => {
  const proto = Dayjs.prototype
  proto.format = function (formatStr) {
    const str = formatStr || FORMAT_DEFAULT
    return str
  }
}

const locale = {
  name: 'sv',
  ordinal: (n) => {
    const b = n % 10
    return \`[\${n}\${b === 1 ? 'a' : 'e'}]\`
  },
}

class Queue {
  drain = async (jobs) => {
    const pending = jobs.length
    return pending
  }
  size = 0
}

describe('format', () => {
  const date = '2018-05-02'
  it('pads the year', () => {
    const padded = format(date)
  })
})
`,
    );
    // Not a destructuring, not \`a[i] = …\`, not a value field, nothing a
    // callback declares; the plugin's default export is the module itself.
    expect(outline(found)).toEqual([
      ["variable", "REGEX_PARSE", 3, 3],
      ["variable", "MS", 3, 3],
      ["variable", "proto", 7, 7],
      ["function", "function proto.format", 8, 11],
      ["variable", "locale", 14, 20],
      ["class", "class Queue", 22, 28],
      ["method", "class Queue › method drain", 23, 26],
    ]);
    expect(byName(found, "REGEX_PARSE").signature.text).toBe(
      "export const REGEX_PARSE = /^(\\d{4})-(\\d{1,2})$/, MS = 'millisecond'",
    );
  });

  it("TypeScript: typed module values, ambient declarations and class fields holding functions", async () => {
    const found = await declarationsOf(
      "typescript",
      `export const DEFAULTS: Options = { retries: 3 }
declare const VERSION: string

export abstract class Worker<T> {
  private readonly cache = new Map<string, T>()
  protected onMessage = (event: MessageEvent): void => {
    const data = event.data as T
    this.cache.set(event.origin, data)
  }
  abstract run(): Promise<void>
}
`,
    );
    expect(outline(found)).toEqual([
      ["variable", "DEFAULTS", 1, 1],
      ["variable", "VERSION", 2, 2],
      ["class", "class Worker", 4, 11],
      ["method", "class Worker › method onMessage", 6, 9],
      ["method", "class Worker › method run", 10, 10],
    ]);
  });

  it("Python: methods inside classes, nested functions, decorators in the signature, docstrings", async () => {
    const found = await declarationsOfFixture("python", "config.py");
    expect(outline(found)).toEqual([
      ["class", "class Config", 4, 15],
      ["method", "class Config › def name", 7, 9],
      ["method", "class Config › def load", 11, 15],
      ["function", "class Config › def load › def inner", 13, 14],
      ["function", "def main", 19, 22],
    ]);
    expect(byName(found, "Config").doc).toEqual({ startLine: 5, endLine: 5 });
    expect(byName(found, "name").signature.text).toBe(
      "@property\n    def name(self):",
    );
    // A comment above the body's first statement is not part of the signature.
    expect(byName(found, "load").signature.text).toBe("def load(self, path):");
    expect(byName(found, "main").signature).toEqual({
      startLine: 19,
      endLine: 20,
      text: "def main(argv,\n         env=None):",
    });
    expect(byName(found, "main").doc).toEqual({ startLine: 21, endLine: 21 });
  });

  it("C#, Ruby, PHP and shell: classes, modules, methods and functions", async () => {
    expect(
      outline(
        await declarationsOf(
          "csharp",
          "namespace App {\n  /// A store.\n  [Serializable]\n  public class Store {\n    public int Count() { return 0; }\n  }\n}\n",
        ),
      ),
    ).toEqual([
      ["module", "namespace App", 1, 7],
      ["class", "namespace App › class Store", 3, 6],
      ["method", "namespace App › class Store › method Count", 5, 5],
    ]);
    expect(
      outline(
        await declarationsOf(
          "ruby",
          "module Rack\n  class Request\n    def params\n    end\n\n    def self.build; end\n  end\nend\n",
        ),
      ),
    ).toEqual([
      ["module", "module Rack", 1, 8],
      ["class", "module Rack › class Request", 2, 7],
      ["method", "module Rack › class Request › def params", 3, 4],
      ["method", "module Rack › class Request › def build", 6, 6],
    ]);
    expect(
      outline(
        await declarationsOf(
          "php",
          "<?php\nnamespace App;\n\ntrait Greets {\n  function hello() {}\n}\nfunction helper() {}\n",
        ),
      ),
    ).toEqual([
      ["module", "namespace App", 2, 2],
      ["trait", "trait Greets", 4, 6],
      ["method", "trait Greets › function hello", 5, 5],
      ["function", "function helper", 7, 7],
    ]);
    expect(
      outline(
        await declarationsOf(
          "shell",
          "#!/bin/sh\nusage() {\n  echo usage\n}\n\nfunction main {\n  usage\n}\n",
        ),
      ),
    ).toEqual([
      ["function", "function usage", 2, 4],
      ["function", "function main", 6, 8],
    ]);
  });

  it("Ruby and Python: the first method of a class keeps the comment above it, not one trailing the class line", async () => {
    // Both grammars keep those comments in the class node, before its body.
    const ruby = await declarationsOf(
      "ruby",
      "class Ledger # :nodoc:\n  # Posts a payment.\n  # Keeps the rest as credit.\n  def post(payment)\n  end\nend\n",
    );
    expect(byName(ruby, "post").doc).toEqual({ startLine: 2, endLine: 3 });
    const python = await declarationsOf(
      "python",
      "class Ledger:  # noqa\n    # Posts a payment.\n    def post(self, payment):\n        pass\n",
    );
    expect(byName(python, "post").doc).toEqual({ startLine: 2, endLine: 2 });
    const trailing = await declarationsOf(
      "ruby",
      "class Ledger # :nodoc:\n  def post(payment)\n  end\nend\n",
    );
    expect(byName(trailing, "post").doc).toBeUndefined();
  });

  it("Kotlin: classes, objects (a companion's functions are the class's methods), functions, type aliases and KDoc", async () => {
    const found = await declarationsOf(
      "kotlin",
      `package com.example.cache

/**
 * A least-recently-used cache.
 */
class LruCache<K, V>(private val capacity: Int) : Cache<K, V> {
    private val map = LinkedHashMap<K, V>()

    // Returns the value, marking it used.
    override fun get(key: K): V? {
        val value = map.remove(key) ?: return null
        map[key] = value
        return value
    }

    companion object {
        fun <K, V> of(capacity: Int) = LruCache<K, V>(capacity)
    }
}

interface Cache<K, V> {
    fun get(key: K): V?
}

object Registry {
    val caches = mutableListOf<Cache<*, *>>()
}

typealias Key = String

fun main(args: Array<String>) {
    println(LruCache.of<String, Int>(2).get("a"))
}
`,
    );
    expect(outline(found)).toEqual([
      ["class", "class LruCache", 6, 19],
      ["method", "class LruCache › fun get", 10, 14],
      ["method", "class LruCache › fun of", 17, 17],
      ["class", "class Cache", 21, 23],
      ["method", "class Cache › fun get", 22, 22],
      ["class", "object Registry", 25, 27],
      ["type", "typealias Key", 29, 29],
      ["function", "fun main", 31, 33],
    ]);
    expect(byName(found, "LruCache").doc).toEqual({ startLine: 3, endLine: 5 });
    expect(found[1]?.doc).toEqual({ startLine: 9, endLine: 9 });
    expect(found[1]?.signature.text).toBe("override fun get(key: K): V?");
  });

  it("Kotlin: a KDoc below the imports is the first declaration's; an extension function is named by its identifier, without its expression body", async () => {
    const found = await declarationsOf(
      "kotlin",
      `package com.example.text

import java.util.Locale
import kotlin.math.max // the larger

/**
 * Shortens a string to at most [limit] characters.
 */
fun String.shortened(limit: Int): String = take(max(0, limit))

// Counts the words.
fun wordCount(text: String) = text.split(" ").size
`,
    );
    expect(outline(found)).toEqual([
      ["function", "fun shortened", 9, 9],
      ["function", "fun wordCount", 12, 12],
    ]);
    expect(found[0]?.doc).toEqual({ startLine: 6, endLine: 8 });
    expect(found[0]?.signature.text).toBe(
      "fun String.shortened(limit: Int): String",
    );
    expect(found[1]?.doc).toEqual({ startLine: 11, endLine: 11 });
  });

  it("Kotlin: a comment after an import on its line is not the next declaration's doc", async () => {
    const found = await declarationsOf(
      "kotlin",
      "import kotlin.math.max // the larger\nfun larger(a: Int, b: Int) = max(a, b)\n",
    );
    expect(found.map((d) => d.name)).toEqual(["larger"]);
    expect(found[0]?.doc).toBeUndefined();
  });

  it("Swift: structs, enums, classes, protocols and extensions by their keyword, properties outside functions", async () => {
    const found = await declarationsOf(
      "swift",
      `import Foundation

/// A point on the grid.
public struct Point: Equatable {
    var x: Int
    static let origin = Point(x: 0)

    /// Moves the point.
    func moved(by delta: Int) -> Point {
        let next = x + delta
        return Point(x: next)
    }

    init(x: Int) { self.x = x }
}

protocol Shape {
    func area() -> Double
}

extension Point: CustomStringConvertible {
    var description: String { "(\\(x))" }
}

enum Direction { case up, down }

final class Grid<T> {
    private var cells: [T] = []
}

typealias Cells = [Point]
func makeGrid() -> Grid<Int> { Grid() }
`,
    );
    expect(outline(found)).toEqual([
      ["struct", "struct Point", 4, 15],
      ["variable", "struct Point › x", 5, 5],
      ["variable", "struct Point › origin", 6, 6],
      ["method", "struct Point › func moved", 9, 12],
      ["method", "struct Point › init", 14, 14],
      ["interface", "protocol Shape", 17, 19],
      ["method", "protocol Shape › func area", 18, 18],
      ["impl", "extension Point", 21, 23],
      ["variable", "extension Point › description", 22, 22],
      ["enum", "enum Direction", 25, 25],
      ["class", "class Grid", 27, 29],
      ["variable", "class Grid › cells", 28, 28],
      ["type", "typealias Cells", 31, 31],
      ["function", "func makeGrid", 32, 32],
    ]);
    expect(byName(found, "moved").doc).toEqual({ startLine: 8, endLine: 8 });
  });

  it("Scala: classes, objects, traits, enums, defs, type aliases and module values, not a def's locals", async () => {
    const found = await declarationsOf(
      "scala",
      `package com.example.cache

/** Largest number of entries. */
val MaxEntries = 100

/** A least-recently-used cache. */
class LruCache[K, V](capacity: Int) extends Cache[K, V] {
  private val map = mutable.LinkedHashMap.empty[K, V]

  override def get(key: K): Option[V] = {
    val value = map.remove(key)
    value.foreach(v => map.put(key, v))
    value
  }
}

trait Cache[K, V] {
  def get(key: K): Option[V]
}

object LruCache {
  def apply[K, V](capacity: Int): LruCache[K, V] = new LruCache(capacity)
}

enum Policy {
  case Lru, Lfu
}

type Key = String
`,
    );
    expect(outline(found)).toEqual([
      ["variable", "val MaxEntries", 4, 4],
      ["class", "class LruCache", 7, 15],
      ["variable", "class LruCache › val map", 8, 8],
      ["method", "class LruCache › def get", 10, 14],
      ["trait", "trait Cache", 17, 19],
      ["method", "trait Cache › def get", 18, 18],
      ["class", "object LruCache", 21, 23],
      ["method", "object LruCache › def apply", 22, 22],
      ["enum", "enum Policy", 25, 27],
      ["type", "type Key", 29, 29],
    ]);
    expect(byName(found, "MaxEntries").doc).toEqual({
      startLine: 3,
      endLine: 3,
    });
  });

  it("counts lines in characters, not bytes, past non-ASCII text", async () => {
    const found = await declarationsOf(
      "python",
      "# Ünïcödé ✓ 😀 comment\ndef naïve(ß):\n    return 'é'\n",
    );
    expect(found).toEqual([
      {
        kind: "function",
        name: "naïve",
        path: "def naïve",
        startLine: 2,
        endLine: 3,
        signature: { startLine: 2, endLine: 2, text: "def naïve(ß):" },
        doc: { startLine: 1, endLine: 1 },
      },
    ]);
  });

  it("says which language has no grammar", async () => {
    await expect(
      declarationsOf("cobol" as SyntaxLanguage, "DISPLAY 'HI'.\n"),
    ).rejects.toThrow('No tree-sitter grammar for language "cobol"');
  });

  it("parses a large file whole", async () => {
    const method = (i: number): string =>
      `    /// Step ${i}.\n    pub fn step_${i}(&mut self, input: &[u8]) -> usize {\n        input.len() + ${i}\n    }\n`;
    const methods = Array.from({ length: 5000 }, (_, i) => method(i)).join("");
    const text = `pub struct Machine;\n\nimpl Machine {\n${methods}}\n`;
    expect(text.length).toBeGreaterThan(400_000);
    const found = await declarationsOf("rust", text);
    expect(found).toHaveLength(5002);
    expect(found[5001]).toMatchObject({
      kind: "method",
      path: "impl Machine › fn step_4999",
      startLine: 3 + 4999 * 4 + 2,
      doc: { startLine: 3 + 4999 * 4 + 1, endLine: 3 + 4999 * 4 + 1 },
    });
  });
});
