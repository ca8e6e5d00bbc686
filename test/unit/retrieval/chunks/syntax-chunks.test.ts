import { jest } from "@jest/globals";
import { readFileSync } from "node:fs";
import {
  chunkFile,
  loadGrammarsFor,
} from "../../../../src/retrieval/chunks/chunk-file.js";
import { Bm25Builder } from "../../../../src/retrieval/index/bm25-builder.js";
import { deriveFile } from "../../../../src/retrieval/index/derive-file.js";
import {
  decodeDerivedFile,
  encodeDerivedFile,
} from "../../../../src/retrieval/index/derived-file-format.js";
import type { Chunk, SourceFile } from "../../../../src/retrieval/types.js";

const fixture = (path: string): SourceFile => ({
  path,
  text: readFileSync(
    new URL(`../../../fixtures/${path}`, import.meta.url),
    "utf8",
  ),
});

const FILES = {
  go: fixture("languages/store.go"),
  goService: fixture("repos/go-kvstore/store/store.go"),
  rust: fixture("repos/rust-lru/src/list.rs"),
  rustCache: fixture("repos/rust-lru/src/cache.rs"),
  java: fixture("languages/JsonParser.java"),
  c: fixture("languages/buffer.c"),
  cpp: fixture("repos/cpp-connpool/src/pool.cpp"),
  cppHeader: fixture("repos/cpp-connpool/include/connpool/pool.hpp"),
  cppTemplate: fixture("languages/basic_json.cpp"),
  csharp: fixture("languages/RateLimiter.cs"),
  ruby: fixture("languages/invoice.rb"),
  php: fixture("languages/Router.php"),
  shell: fixture("languages/release.sh"),
  kotlin: {
    path: "src/main/kotlin/Text.kt",
    text: `package com.example.text

import java.util.Locale

/**
 * Words of a text, lower-cased.
 */
class Words(private val text: String) {
    fun all(): List<String> = text.lowercase(Locale.ROOT).split(" ")

    fun count(): Int = all().size
}
`,
  },
};

// Small enough that declarations become chunks of their own, and a few are
// cut on their members or statements.
const SMALL = { maxTokens: 40, mergeTokens: 0 };

// "start-end kind [context] defines": one chunk as a reader checks it.
const row = (c: Chunk): string =>
  `${c.startLine}-${c.endLine} ${c.kind} [${c.context}] ${c.defines.join(",")}`.trimEnd();

const rowsOf = (file: SourceFile): string[] => chunkFile(file, SMALL).map(row);

const pieces = (file: SourceFile, from: number, to: number): Chunk[] =>
  chunkFile(file, SMALL).filter((c) => c.startLine >= from && c.endLine <= to);

beforeAll(async () => {
  await loadGrammarsFor(Object.values(FILES));
});

describe("chunking on syntax trees", () => {
  it.each(Object.entries(FILES))(
    "%s: chunks cover the file in line order, without gaps or overlaps",
    (_, file) => {
      const chunks = chunkFile(file, SMALL);
      expect(chunks[0]?.startLine).toBe(1);
      for (let i = 1; i < chunks.length; i++)
        expect(chunks[i]?.startLine).toBe((chunks[i - 1]?.endLine ?? 0) + 1);
      expect(chunks.at(-1)?.endLine).toBe(
        file.text.trimEnd().split("\n").length,
      );
      // Cut by the tree: some chunk is a declaration with a path.
      expect(chunks.some((c) => c.kind !== "block" && c.context !== "")).toBe(
        true,
      );
    },
  );

  it("Go: a method is named with its receiver and keeps its doc comment; a long one keeps its path on every piece", () => {
    expect(rowsOf(FILES.go)).toContain(
      "15-19 method [func (s *Store) Get] Get",
    );
    expect(rowsOf(FILES.go)).toContain(
      "8-12 interface [type Getter] Getter,Get",
    );
    const get = pieces(FILES.goService, 31, 47);
    expect(get.map(row)).toEqual([
      "31-32 block [func (s *Store) Get]",
      "33-34 method [func (s *Store) Get] Get",
      "35-35 block [func (s *Store) Get]",
      "36-36 block [func (s *Store) Get]",
      "37-39 block [func (s *Store) Get]",
      "40-42 block [func (s *Store) Get]",
      "43-43 block [func (s *Store) Get]",
      "44-44 block [func (s *Store) Get]",
      "45-47 block [func (s *Store) Get]",
    ]);
    // Its signature and both doc lines are its outline.
    expect(get[1]?.outline).toEqual([33, 33, 31, 32]);
  });

  it("Rust: methods are named by their impl; a nested helper function is not a name of the file", () => {
    const rows = rowsOf(FILES.rust);
    expect(rows).toContain("7-13 struct [struct Order] Order");
    expect(rows).toContain("16-21 method [impl Order › fn grow] grow");
    expect(rows).toContain("36-40 method [impl Order › fn last] last");
    // `linked` is cut on its statements: its own header is labelled with
    // it (the nested `count`'s first lines joined to it), the rest of
    // `count` with both, and `count` defines nothing.
    expect(pieces(FILES.rust, 41, 55).map(row)).toEqual([
      "41-42 block [impl Order › fn linked]",
      "43-45 method [impl Order › fn linked] linked",
      "46-46 block [impl Order › fn linked › fn count]",
      "47-50 block [impl Order › fn linked › fn count]",
      "51-52 block [impl Order › fn linked › fn count]",
      "53-55 block [impl Order › fn linked]",
    ]);
    const all = chunkFile(FILES.rust, SMALL).flatMap((c) => c.defines);
    expect(all).not.toContain("count");
    // An impl block names a type declared elsewhere: it defines nothing.
    expect(rowsOf(FILES.rustCache)).toContain(
      "70-71 method [impl Cache<K, V> › fn evict] evict",
    );
    expect(chunkFile(FILES.rustCache, SMALL).flatMap((c) => c.defines)).toEqual(
      expect.not.arrayContaining(["Cache<K, V>"]),
    );
  });

  it("Java: members are named by their class, Javadoc and annotations go with the method", () => {
    expect(rowsOf(FILES.java)).toEqual(
      expect.arrayContaining([
        "3-8 class [class JsonParser] JsonParser,Feature",
        "9-10 method [class JsonParser › constructor JsonParser] JsonParser",
        "11-16 method [class JsonParser › method nextToken] nextToken",
        "17-20 interface [class JsonParser › interface Listener] Listener,onToken",
      ]),
    );
  });

  it("C: a typedef'd struct keeps its comment; a function too long with its comment leaves the comment as its own piece", () => {
    expect(rowsOf(FILES.c)).toEqual(
      expect.arrayContaining([
        "3-8 struct [struct buffer] buffer",
        "11-11 block [fn buffer_append]",
        "12-16 function [fn buffer_append] buffer_append",
        "17-17 function [fn buffer_free] buffer_free",
      ]),
    );
  });

  it("C++: out-of-line definitions are named by namespace and qualified name; a local mistaken for a prototype is neither a name nor a path", () => {
    const acquire = pieces(FILES.cpp, 14, 31);
    expect(acquire.map((c) => c.context)).toEqual(
      Array(acquire.length).fill("namespace connpool › fn Pool::acquire"),
    );
    expect(acquire.map(row)).toContain(
      "17-18 function [namespace connpool › fn Pool::acquire] Pool::acquire,acquire",
    );
    // `std::unique_lock<std::mutex> lock(mu_);` parses as a prototype.
    expect(chunkFile(FILES.cpp, SMALL).flatMap((c) => c.defines)).not.toContain(
      "lock",
    );
    expect(rowsOf(FILES.cppHeader)).toEqual(
      expect.arrayContaining([
        "13-15 module [namespace connpool] connpool",
        "25-27 method [namespace connpool › class Pool › fn acquire] acquire",
        "28-30 method [namespace connpool › class Pool › fn release] release",
      ]),
    );
  });

  it("C#: a method's path names its namespace and class, and every piece of it keeps the path", () => {
    const rows = rowsOf(FILES.csharp);
    const path = "namespace Gateway.Throttling › class RateLimiter";
    expect(rows).toContain(
      `14-18 method [${path} › constructor RateLimiter] RateLimiter`,
    );
    const tryAcquire = pieces(FILES.csharp, 19, 38);
    expect(tryAcquire.map((c) => c.context)).toEqual(
      Array(tryAcquire.length).fill(`${path} › method TryAcquire`),
    );
    // The piece with the signature (and its attribute) defines it.
    expect(tryAcquire.map(row)).toContain(
      `21-24 method [${path} › method TryAcquire] TryAcquire`,
    );
    expect(rows).toContain(
      `50-52 method [${path} › struct Bucket › method Refill] Refill`,
    );
  });

  it("Ruby: methods, singleton methods and classes are named by module and class", () => {
    expect(rowsOf(FILES.ruby)).toEqual(
      expect.arrayContaining([
        "5-9 module [module Billing] Billing,Invoice",
        "17-21 method [module Billing › class Invoice › def total] total",
        "22-25 method [module Billing › class Invoice › def from_csv] from_csv",
        "28-33 method [module Billing › class Invoice › def tax_on] tax_on",
      ]),
    );
  });

  it("PHP: methods are named by their class; a function outside it is not", () => {
    const rows = rowsOf(FILES.php);
    expect(rows).toContain("17-21 method [class Router › function add] add");
    expect(rows).toContain(
      "26-29 method [class Router › function match] match",
    );
    expect(rows).toContain("47-48 function [function route_url] route_url");
    const match = pieces(FILES.php, 22, 39);
    expect(new Set(match.map((c) => c.context))).toEqual(
      new Set(["class Router › function match"]),
    );
  });

  it("shell: functions keep their comment, and top-level commands are blocks", () => {
    const rows = rowsOf(FILES.shell);
    expect(rows).toContain("8-12 function [function log] log");
    expect(rows).toContain("25-27 function [function upload] upload");
    expect(rows.slice(-2)).toEqual(["33-33 block []", "34-34 block []"]);
  });

  it("Kotlin: the KDoc the grammar keeps in the imports starts the class's chunk", () => {
    // Room for the class whole: its KDoc (lines 5-7) is cut with it, not
    // with the import it sits in.
    const rows = chunkFile(FILES.kotlin, { maxTokens: 60, mergeTokens: 0 });
    expect(rows.map(row)).toEqual([
      "1-2 block []",
      "3-4 block []",
      "5-12 class [class Words] Words,all,count",
    ]);
  });

  it("reads through a wrapper and a container of one declaration, so pieces name the class inside", () => {
    // `template <…>` stays with the class it declares, inside the namespace.
    expect(rowsOf(FILES.cppTemplate)).toContain(
      "3-7 module [namespace nlohmann › class basic_json] nlohmann,basic_json",
    );
    // A namespace holding one class: the class's fields are the class's.
    expect(rowsOf(FILES.csharp)).toContain(
      "10-11 block [namespace Gateway.Throttling › class RateLimiter]",
    );
  });

  it("a derived file's outline survives the disk format", () => {
    const derived = deriveFile(FILES.rustCache, SMALL, new Bm25Builder());
    expect(derived.chunks.some((c) => (c.outline?.length ?? 0) > 0)).toBe(true);
    const decoded = decodeDerivedFile(encodeDerivedFile(derived, "{}"), {
      chunker: derived.chunker,
      options: "{}",
      textLength: derived.textLength,
    });
    // Every chunk cut on the tree has an outline, empty where no declaration
    // starts (compression then reads it as code), and the format keeps that.
    expect(derived.chunks.every((c) => Array.isArray(c.outline))).toBe(true);
    expect(derived.chunks.some((c) => c.outline?.length === 0)).toBe(true);
    expect(decoded?.chunks.map((c) => c.outline)).toEqual(
      derived.chunks.map((c) => c.outline),
    );
    const prose = deriveFile(
      { path: "README.md", text: "# Cache\n\nAn LRU cache.\n" },
      {},
      new Bm25Builder(),
    );
    expect(prose.chunks.every((c) => c.outline === undefined)).toBe(true);
  });
});

describe("chunking before the grammar has loaded", () => {
  it("cuts a Rust file by lines, and the derived cache does not keep that", async () => {
    await jest.isolateModulesAsync(async () => {
      const fresh =
        await import("../../../../src/retrieval/chunks/chunk-file.js");
      const { createDerivedCache } =
        await import("../../../../src/retrieval/index/derived-cache.js");
      const { deriveFile: derive } =
        await import("../../../../src/retrieval/index/derive-file.js");
      const { Bm25Builder: Builder } =
        await import("../../../../src/retrieval/index/bm25-builder.js");
      const file = { ...FILES.rust, blobSha: "a".repeat(40) };
      expect(fresh.chunkedWithoutGrammar(file.path)).toBe(true);
      const byLines = fresh.chunkFile(file, SMALL);
      // The line chunker knows no Rust declarations: no paths, no outline.
      expect(byLines.every((c) => c.context === "")).toBe(true);
      expect(byLines.some((c) => c.outline !== undefined)).toBe(false);

      const cache = createDerivedCache({ maxBytes: 1 << 20 });
      let derivations = 0;
      const obtain = () =>
        cache.obtain(file, file.text, {}, () => {
          derivations++;
          return derive(file, {}, new Builder());
        });
      obtain();
      obtain();
      expect(derivations).toBe(2);
      expect(cache.heldBytes).toBe(0);

      // Once the grammar loads, the tree's chunks are kept.
      await fresh.loadGrammarsFor([file]);
      expect(fresh.chunkedWithoutGrammar(file.path)).toBe(false);
      obtain();
      obtain();
      expect(derivations).toBe(3);
      expect(cache.heldBytes).toBeGreaterThan(0);
    });
  });
});
