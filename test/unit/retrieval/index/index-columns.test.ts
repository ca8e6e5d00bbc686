import { deserialize, serialize } from "node:v8";
import { loadGrammarsFor } from "../../../../src/retrieval/chunks/chunk-file.js";
import {
  indexFromColumns,
  indexToColumns,
} from "../../../../src/retrieval/index/index-columns.js";
import { indexRepository } from "../../../../src/retrieval/index/index-repository.js";
import type { SourceFile } from "../../../../src/retrieval/types.js";
import { withPlainMaps } from "../../../helpers/with-plain-maps.js";

// Files whose chunks have every field: declarations with outlines (Python,
// TypeScript), a file with none (Markdown), CRLF ends, non-Latin-1 text,
// and an empty file.
const files: SourceFile[] = [
  {
    path: "app/session.py",
    text: 'class Session:\n    """Keeps cookies."""\n\n    def request(self, method, url):\n        return self.send(method, url)\n\n\ndef make_session():\n    return Session()\n',
  },
  {
    path: "web/retry.ts",
    text: "export function retry(times: number): number {\r\n  return times > 3 ? 3 : times;\r\n}\r\n\r\nexport class Backoff {\r\n  delay(n: number) {\r\n    return n * 100; // ×100 ms\r\n  }\r\n}\r\n",
  },
  { path: "docs/intro.md", text: "# Intro\n\nRetries — with backoff.\n" },
  { path: "empty.txt", text: "" },
];

// Production awaits the grammars before it indexes; so do these tests, so
// that chunks are cut on syntax trees and carry outlines.
beforeAll(() => loadGrammarsFor(files));

describe("indexToColumns / indexFromColumns", () => {
  it("give back an index equal in every field, through V8's serializer", () => {
    const index = indexRepository(files);
    expect(index.chunks.some((c) => c.outline && c.outline.length > 0)).toBe(
      true,
    );
    expect(index.chunks.some((c) => c.outline === undefined)).toBe(true);

    const back = indexFromColumns(
      deserialize(serialize(indexToColumns(index))) as never,
    );

    expect(withPlainMaps(back)).toStrictEqual(index);
    // Key order too: whatever renders a chunk or a file sees the same object.
    expect(back.chunks.map((c) => Object.keys(c))).toEqual(
      index.chunks.map((c) => Object.keys(c)),
    );
    expect(Object.keys(back.files[0]!)).toEqual(Object.keys(index.files[0]!));
  });

  it("hold each chunk's text once, as a place in its file's", () => {
    // Enough code that the columns' fixed cost does not count.
    const index = indexRepository(
      Array.from({ length: 20 }, (_, i) =>
        files.map((f) => ({ ...f, path: `copy_${i}/${f.path}` })),
      ).flat(),
    );
    const columns = indexToColumns(index)!;

    expect(serialize(columns).length).toBeLessThan(
      serialize(index).length * 0.75,
    );
    expect(columns.chunks.to[1]! - columns.chunks.from[1]!).toBe(
      index.chunks[1]!.text.length,
    );
  });

  it("keep the vocabulary and lookup tables as keys in one string and ids in typed arrays, not Maps", () => {
    const columns = indexToColumns(indexRepository(files))!;

    for (const table of [
      columns.bm25.vocabulary,
      columns.definitions,
      columns.byName,
      columns.pathTerms,
    ]) {
      expect(typeof table.keys).toBe("string");
      expect(table.values).toBeInstanceOf(Uint32Array);
    }
  });

  it("keep the chunks' kinds, contexts and names and the files' kinds as strings joined, not one string each", () => {
    const columns = indexToColumns(indexRepository(files))!;

    for (const column of [
      columns.chunks.kind,
      columns.chunks.context,
      columns.files.kind,
    ]) {
      expect(typeof column.distinct.text).toBe("string");
      expect(column.codes).toBeInstanceOf(Uint32Array);
    }
    expect(typeof columns.chunks.defines.text).toBe("string");
  });

  it("keep the files' texts as bytes, each given back exactly when read: Latin-1, wider characters and lone surrogates", () => {
    const odd: SourceFile[] = [
      ...files,
      { path: "latin.txt", text: "café ÿ\u0000\u00ff\n" },
      { path: "halves.txt", text: "a\ud800b\udc00 ✓ 😀\n" },
    ];
    const index = indexRepository(odd);
    const columns = indexToColumns(index)!;

    expect(columns.files.texts[0]).toBeInstanceOf(Uint8Array);
    expect(columns.files.texts[1]).toBeInstanceOf(Uint8Array);
    const back = indexFromColumns(deserialize(serialize(columns)) as never);
    // Read in an order other than the files': each text is its own.
    for (const id of [5, 1, 4, 0, 3, 2])
      expect(back.files[id]!.text).toBe(index.files[id]!.text);
  });

  it("refuse an index whose chunk text is not in its file (kept whole instead)", () => {
    const index = indexRepository(files);
    const changed = {
      ...index,
      chunks: index.chunks.map((c, i) =>
        i === 0 ? { ...c, text: "not in the file" } : c,
      ),
    };

    expect(indexToColumns(changed)).toBeUndefined();
  });
});
