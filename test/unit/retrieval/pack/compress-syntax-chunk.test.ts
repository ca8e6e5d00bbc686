import { readFileSync } from "node:fs";
import {
  chunkFile,
  loadGrammarsFor,
} from "../../../../src/retrieval/chunks/chunk-file.js";
import { compressChunk } from "../../../../src/retrieval/pack/compress-chunk.js";
import { omittedMarker } from "../../../../src/retrieval/pack/render-context.js";
import type { SourceFile } from "../../../../src/retrieval/types.js";

const fixture = (path: string): SourceFile => ({
  path,
  text: readFileSync(
    new URL(`../../../fixtures/${path}`, import.meta.url),
    "utf8",
  ),
});

// Languages whose fixtures have no function long enough to compress.
const JAVA = `package com.example.cache;

public final class Loader {
    /**
     * Reads every entry of the index file, skipping comments.
     * Lines are "key=value"; a malformed line stops the load.
     * Keys are trimmed, values kept verbatim.
     */
    public Map<String, String> load(Path index) throws IOException {
        Map<String, String> entries = new HashMap<>();
        int lineNumber = 0;
        for (String line : Files.readAllLines(index)) {
            lineNumber++;
            if (line.isBlank() || line.startsWith("#")) {
                continue;
            }
            int eq = line.indexOf('=');
            if (eq < 0) {
                throw new IOException("line " + lineNumber + ": no '='");
            }
            entries.put(line.substring(0, eq).trim(), line.substring(eq + 1));
        }
        return entries;
    }
}
`;

const C = `#include <string.h>

/* Splits path into its directory and base name, in place.
 * Returns the base name; the directory is what remains of path.
 * A path without a slash has "." as its directory. */
const char *split_path(char *path, const char **dir)
{
    char *slash = strrchr(path, '/');
    if (slash == NULL) {
        *dir = ".";
        return path;
    }
    if (slash == path) {
        *dir = "/";
        return slash + 1;
    }
    *slash = '\\0';
    *dir = path;
    while (slash[1] == '/')
        slash++;
    return slash + 1;
}
`;

const RUBY = `module Billing
  class Ledger
    def initialize(open_invoices)
      @open_invoices = open_invoices
      @credit = 0
    end

    # Posts a payment against the oldest open invoices first.
    # Any remainder is kept as credit on the account.
    # Raises when the payment is not positive.
    def post(payment)
      raise ArgumentError, "payment must be positive" unless payment.positive?

      remaining = payment
      open_invoices.sort_by(&:issued_on).each do |invoice|
        break if remaining.zero?

        applied = [remaining, invoice.balance].min
        invoice.pay(applied)
        remaining -= applied
      end
      @credit += remaining
      remaining
    end
  end
end
`;

const JAVASCRIPT = `import { parseDate } from './utils'

/**
 * Sets a unit of the date, keeping the others; months past the end of the
 * year carry into the next.
 */
proto.$set = function (units, int) {
  const unit = Utils.p(units)
  const utcPad = \`set\${this.$u ? 'UTC' : ''}\`
  const name = {
    [C.D]: \`\${utcPad}Date\`,
    [C.DATE]: \`\${utcPad}Date\`,
    [C.M]: \`\${utcPad}Month\`,
    [C.Y]: \`\${utcPad}FullYear\`,
  }[unit]
  const arg = unit === C.D ? this.$D + (int - this.$W) : int
  if (unit === C.M || unit === C.Y) {
    const date = this.clone().set(C.DATE, 1)
    date.$d[name](arg)
    date.init()
    this.$d = date.set(C.DATE, Math.min(this.$D, date.daysInMonth())).$d
  } else if (name) this.$d[name](arg)
  this.init()
  return this
}
`;

const TYPESCRIPT = `export class JobQueue<T> {
  private readonly pending: T[] = [];

  /**
   * Runs every pending job, at most \`limit\` at a time.
   * A failed job is retried once, then reported.
   */
  async drain(limit: number, run: (job: T) => Promise<void>): Promise<number> {
    let done = 0;
    const active = new Set<Promise<void>>();
    for (const job of this.pending.splice(0)) {
      const attempt = run(job).catch(() => run(job));
      const task = attempt.then(() => {
        done++;
        active.delete(task);
      });
      active.add(task);
      if (active.size >= limit) await Promise.race(active);
    }
    await Promise.all(active);
    return done;
  }
}
`;

const KOTLIN = `package com.example.cache

class LruCache<K, V>(private val capacity: Int) {
    private val map = LinkedHashMap<K, V>()

    /**
     * Stores a value, evicting the least recently used entry when full.
     * Returns the evicted value, if any.
     */
    fun put(key: K, value: V): V? {
        map.remove(key)
        map[key] = value
        if (map.size <= capacity) {
            return null
        }
        val eldest = map.entries.iterator().next()
        map.remove(eldest.key)
        log("evicted \${eldest.key}")
        stats.evictions++
        stats.lastEvicted = eldest.key
        return eldest.value
    }
}
`;

const SWIFT = `struct Grid {
    var cells: [Int]
    let width: Int

    /// Returns the neighbours of a cell, in reading order.
    /// Cells on an edge have fewer.
    func neighbours(of index: Int) -> [Int] {
        var found: [Int] = []
        let row = index / width
        let column = index % width
        for dy in -1...1 {
            for dx in -1...1 where dx != 0 || dy != 0 {
                let r = row + dy
                let c = column + dx
                guard r >= 0, c >= 0, c < width else { continue }
                found.append(r * width + c)
            }
        }
        return found.filter { $0 < cells.count }
    }
}
`;

const SCALA = `package com.example.cache

object Loader {
  /** Reads every entry of the index, skipping comments.
    * A malformed line stops the load.
    */
  def load(lines: Seq[String]): Map[String, String] = {
    val entries = Map.newBuilder[String, String]
    var lineNumber = 0
    for (line <- lines) {
      lineNumber += 1
      if (!line.isBlank && !line.startsWith("#")) {
        val eq = line.indexOf('=')
        if (eq < 0)
          throw new IllegalArgumentException(s"line $lineNumber: no '='")
        entries += line.take(eq).trim -> line.drop(eq + 1)
      }
    }
    entries.result()
  }
}
`;

interface Case {
  file: SourceFile;
  /** A name the function's chunk defines. */
  name: string;
  /** Its signature, as the first kept lines. */
  signature: string[];
  /** The opening doc-comment lines kept. */
  doc: string[];
  /** A line of its body that goes. */
  dropped: string;
}

const CASES: Record<string, Case> = {
  go: {
    file: fixture("repos/go-kvstore/store/store.go"),
    name: "Get",
    signature: ["func (s *Store) Get(key string) ([]byte, error) {"],
    doc: [
      "// Get returns the value stored under key.",
      "// An expired value is treated as absent and removed on the next sweep.",
    ],
    dropped: "\tcopy(out, e.value)",
  },
  rust: {
    file: fixture("repos/rust-lru/src/cache.rs"),
    name: "evict",
    signature: ["    fn evict(&mut self, key: K, value: V) -> (K, V) {"],
    doc: [
      "    /// Reuses the least recently used slot for a new entry, returning",
      "    /// the old key and value.",
    ],
    dropped: "        self.slots.remove(&old_key);",
  },
  java: {
    file: { path: "src/main/java/com/example/cache/Loader.java", text: JAVA },
    name: "load",
    signature: [
      "    public Map<String, String> load(Path index) throws IOException {",
    ],
    doc: [
      "    /**",
      "     * Reads every entry of the index file, skipping comments.",
    ],
    dropped: "            lineNumber++;",
  },
  c: {
    file: { path: "src/path.c", text: C },
    name: "split_path",
    signature: ["const char *split_path(char *path, const char **dir)"],
    doc: [
      "/* Splits path into its directory and base name, in place.",
      " * Returns the base name; the directory is what remains of path.",
    ],
    dropped: "    char *slash = strrchr(path, '/');",
  },
  cpp: {
    file: fixture("repos/cpp-connpool/src/pool.cpp"),
    name: "acquire",
    signature: [
      "std::unique_ptr<Connection> Pool::acquire(std::chrono::milliseconds timeout) {",
    ],
    doc: [
      "// Blocks on the condition variable until release() returns a connection",
      "// or the deadline passes; the most recently returned connection goes first,",
    ],
    dropped: "    idle_.pop_back();",
  },
  csharp: {
    file: fixture("languages/RateLimiter.cs"),
    name: "TryAcquire",
    signature: [
      '        [Obsolete("Use TryAcquireAsync")]',
      "        public bool TryAcquire(string client)",
    ],
    doc: [
      '        /// <summary>Takes one token for <paramref name="client"/>.</summary>',
      "        /// <returns>Whether the request may proceed.</returns>",
    ],
    dropped: "            bucket.Refill(now);",
  },
  ruby: {
    file: { path: "lib/billing/ledger.rb", text: RUBY },
    name: "post",
    signature: ["    def post(payment)"],
    doc: [
      "    # Posts a payment against the oldest open invoices first.",
      "    # Any remainder is kept as credit on the account.",
    ],
    dropped: "        invoice.pay(applied)",
  },
  php: {
    file: fixture("languages/Router.php"),
    name: "match",
    signature: [
      "    public function match(string $method, string $path): array",
    ],
    doc: [
      "    /**",
      "     * Finds the handler for a request and the path's named parameters.",
    ],
    dropped: "            $regex = $this->compile($pattern);",
  },
  shell: {
    file: fixture("languages/release.sh"),
    name: "package",
    signature: ["package() {"],
    doc: ["# Copies the build output into $DIST and packs it."],
    dropped: '  cp -r build/. "$staging/"',
  },
  javascript: {
    file: { path: "src/index.js", text: JAVASCRIPT },
    name: "$set",
    signature: ["proto.$set = function (units, int) {"],
    doc: [
      "/**",
      " * Sets a unit of the date, keeping the others; months past the end of the",
    ],
    dropped: "    [C.Y]: `${utcPad}FullYear`,",
  },
  typescript: {
    file: { path: "src/job-queue.ts", text: TYPESCRIPT },
    name: "drain",
    signature: [
      "  async drain(limit: number, run: (job: T) => Promise<void>): Promise<number> {",
    ],
    doc: ["  /**", "   * Runs every pending job, at most `limit` at a time."],
    dropped: "      active.add(task);",
  },
  kotlin: {
    file: { path: "src/main/kotlin/LruCache.kt", text: KOTLIN },
    name: "put",
    signature: ["    fun put(key: K, value: V): V? {"],
    doc: [
      "    /**",
      "     * Stores a value, evicting the least recently used entry when full.",
    ],
    dropped: "        stats.evictions++",
  },
  swift: {
    file: { path: "Sources/Grid/Grid.swift", text: SWIFT },
    name: "neighbours",
    signature: ["    func neighbours(of index: Int) -> [Int] {"],
    doc: [
      "    /// Returns the neighbours of a cell, in reading order.",
      "    /// Cells on an edge have fewer.",
    ],
    dropped: "                found.append(r * width + c)",
  },
  scala: {
    file: { path: "src/main/scala/Loader.scala", text: SCALA },
    name: "load",
    signature: ["  def load(lines: Seq[String]): Map[String, String] = {"],
    doc: [
      "  /** Reads every entry of the index, skipping comments.",
      "    * A malformed line stops the load.",
    ],
    dropped: "      lineNumber += 1",
  },
};

beforeAll(async () => {
  await loadGrammarsFor(Object.values(CASES).map((c) => c.file));
});

describe("compressChunk on tree chunks", () => {
  it.each(Object.entries(CASES))(
    "%s: keeps the signature and the doc comment's opening lines, and marks the body omitted",
    (_, { file, name, signature, doc, dropped }) => {
      const chunk = chunkFile(file, { mergeTokens: 0 }).find((c) =>
        c.defines.includes(name),
      );
      expect(chunk?.outline).toBeDefined();
      const compressed = compressChunk(chunk!, {
        marker: (from, to, indent) =>
          omittedMarker(file.path, from, to, indent),
        // Nothing kept by position: what stays is the outline's doing.
        headLines: 0,
        tailLines: 0,
      });
      expect(compressed).toBeDefined();
      const lines = compressed!.text.split("\n");
      const at = lines.indexOf(signature[0]!);
      expect(at).toBeGreaterThanOrEqual(0);
      expect(lines.slice(at, at + signature.length)).toEqual(signature);
      for (const line of doc) expect(lines).toContain(line);
      expect(lines).not.toContain(dropped);
      expect(compressed!.omitted.length).toBeGreaterThan(0);
      expect(compressed!.text).toMatch(/… lines? \d+(-\d+)? omitted/);
      // Every kept line is the chunk's own, and the count adds up.
      const own = new Set(chunk!.text.split("\n"));
      for (const line of lines)
        if (!/… lines? \d/.test(line)) expect(own.has(line)).toBe(true);
      const omittedCount = compressed!.omitted.reduce(
        (n, [a, b]) => n + b - a + 1,
        0,
      );
      expect(compressed!.keptLines + omittedCount).toBe(
        chunk!.endLine - chunk!.startLine + 1,
      );
    },
  );

  // tree-sitter-ruby puts the comments above a class's first statement in
  // the class node, not in its body.
  it("Ruby: the first method of a class keeps its doc comment", async () => {
    const file = {
      path: "lib/ledger.rb",
      text: RUBY.replace(/    def initialize[^]*?    end\n\n/, ""),
    };
    await loadGrammarsFor([file]);
    const chunk = chunkFile(file).find((c) => c.defines.includes("post"))!;
    expect(chunk.text.split("\n")[2]).toBe(
      "    # Posts a payment against the oldest open invoices first.",
    );
    expect(chunk.outline).toContain(chunk.startLine + 2);
  });

  it("drops a long doc comment's later lines", () => {
    const { file } = CASES.java!;
    const chunk = chunkFile(file, { mergeTokens: 0 }).find((c) =>
      c.defines.includes("load"),
    )!;
    const text = compressChunk(chunk, {
      marker: (from, to, indent) => omittedMarker(file.path, from, to, indent),
      headLines: 0,
      tailLines: 0,
    })!.text;
    expect(text).not.toContain('Lines are "key=value"');
    // An exit is kept as structure.
    expect(text).toContain("                throw new IOException(");
  });
});
