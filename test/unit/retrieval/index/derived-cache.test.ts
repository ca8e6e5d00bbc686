import { loadGrammarsFor } from "../../../../src/retrieval/chunks/chunk-file.js";
import { gitBlobSha } from "../../../../src/code-host/github/git-blob-sha.js";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import {
  createBlobStore,
  type BlobStore,
} from "../../../../src/cache/blob-store.js";
import { deriveFile } from "../../../../src/retrieval/index/derive-file.js";
import {
  createDerivedCache,
  derivedBytes,
} from "../../../../src/retrieval/index/derived-cache.js";
import {
  DERIVED_KIND,
  encodeDerivedFile,
} from "../../../../src/retrieval/index/derived-file-format.js";
import { Bm25Builder } from "../../../../src/retrieval/index/bm25-builder.js";
import { indexRepository } from "../../../../src/retrieval/index/index-repository.js";
import { scoreTerms } from "../../../../src/retrieval/rank/score-terms.js";
import { analyzeQuery } from "../../../../src/retrieval/query/query-analysis.js";
import type { SourceFile } from "../../../../src/retrieval/types.js";

const blobSha = (text: string) => gitBlobSha(Buffer.from(text));

const withSha = (path: string, text: string): SourceFile => ({
  path,
  text,
  blobSha: blobSha(text),
});

const SESSION_PY = [
  "import os",
  "",
  "DEFAULT_TIMEOUT = 30",
  "",
  "class Session:",
  '    """Keeps cookies and a connection pool across requests."""',
  "",
  "    def __init__(self, timeout=DEFAULT_TIMEOUT):",
  "        self.timeout = timeout",
  "        self.cookies = {}",
  "",
  "    def send(self, request):",
  "        retries = 0",
  "        while retries < 3:",
  "            retries += 1",
  "            response = self._scale_back(request, retries)",
  "            if response.ok:",
  "                return response",
  "        raise ConnectionError(request.url)",
  "",
  "    def _scale_back(self, request, attempt):",
  "        return request.send(timeout=self.timeout / attempt)",
  "",
].join("\n");

const QUEUE_TS = [
  'import { EventEmitter } from "node:events";',
  "",
  "export interface QueueOptions {",
  "  concurrency: number;",
  "}",
  "",
  "export class JobQueue extends EventEmitter {",
  "  private readonly waiting: string[] = [];",
  "  constructor(private readonly options: QueueOptions) {",
  "    super();",
  "  }",
  "  push(job: string): void {",
  "    this.waiting.push(job);",
  '    this.emit("pushed", job);',
  "  }",
  "}",
  "",
  "export function drainQueue(queue: JobQueue): number {",
  "  return queue.listenerCount('pushed');",
  "}",
  "",
].join("\n");

const README =
  "# Jobs\r\n\r\nThe JobQueue runs jobs; Session sends requests.\r\n";

const commitOne = (): SourceFile[] => [
  withSha("README.md", README),
  withSha("jobs/queue.ts", QUEUE_TS),
  withSha("net/session.py", SESSION_PY),
  // The same blob at another path and language.
  withSha("net/session.txt", SESSION_PY),
];

/** The next commit: one file changed, one added. */
const commitTwo = (): SourceFile[] => [
  withSha("README.md", README),
  withSha("jobs/queue.ts", QUEUE_TS.replace("concurrency", "parallelism")),
  withSha("jobs/worker.py", "def work(queue):\n    return queue.pop()\n"),
  withSha("net/session.py", SESSION_PY),
  withSha("net/session.txt", SESSION_PY),
];

/** A deriver that records the paths it derived. */
function countingDeriver() {
  const derivedPaths: string[] = [];
  const derive: typeof deriveFile = (file, options, counter) => {
    derivedPaths.push(file.path);
    return deriveFile(file, options, counter);
  };
  return { derive, derivedPaths };
}

/** The BM25 scores of every chunk and file for a question, to compare indexes by what ranking reads. */
function scores(index: ReturnType<typeof indexRepository>): number[] {
  const scored = scoreTerms(
    index,
    analyzeQuery(
      "Why does Session.send call _scale_back when the JobQueue times out?",
    ).terms,
  );
  return [...scored.chunk, ...scored.file];
}

// Production awaits the grammars before it indexes; so do these tests,
// whose files are Python and TypeScript (chunked on their trees).
beforeAll(() => loadGrammarsFor([{ path: "a.py" }, { path: "a.ts" }]));

describe("indexing with a derived cache", () => {
  it("derives on the next commit only the blobs it has not seen", () => {
    const derived = createDerivedCache({ maxBytes: 64 * 1024 * 1024 });
    const { derive, derivedPaths } = countingDeriver();
    indexRepository(commitOne(), {}, { derived, deriveFile: derive });
    expect(derivedPaths).toEqual([
      "README.md",
      "jobs/queue.ts",
      "net/session.py",
      "net/session.txt",
    ]);
    derivedPaths.length = 0;
    indexRepository(commitTwo(), {}, { derived, deriveFile: derive });
    expect(derivedPaths).toEqual(["jobs/queue.ts", "jobs/worker.py"]);
  });

  it("derives every time a file without a blob SHA", () => {
    const derived = createDerivedCache({ maxBytes: 64 * 1024 * 1024 });
    const { derive, derivedPaths } = countingDeriver();
    const files = [{ path: "a.py", text: SESSION_PY }];
    indexRepository(files, {}, { derived, deriveFile: derive });
    indexRepository(files, {}, { derived, deriveFile: derive });
    expect(derivedPaths).toEqual(["a.py", "a.py"]);
    expect(derived.heldBytes).toBe(0);
  });

  it("assembles the same index as a fresh build: chunks, definitions, BM25 and its scores", () => {
    const derived = createDerivedCache({ maxBytes: 64 * 1024 * 1024 });
    indexRepository(commitOne(), {}, { derived });
    const reused = indexRepository(commitTwo(), {}, { derived });
    const fresh = indexRepository(commitTwo());
    expect(reused.chunks).toEqual(fresh.chunks);
    expect(reused.files).toEqual(fresh.files);
    expect(reused.definitions).toEqual(fresh.definitions);
    expect([...reused.bm25.vocabulary]).toEqual([...fresh.bm25.vocabulary]);
    expect(reused.bm25).toEqual(fresh.bm25);
    expect(reused.fileLength).toEqual(fresh.fileLength);
    expect(scores(reused)).toEqual(scores(fresh));
    // The fixture is not trivial: the terms are there and score.
    expect(Math.max(...scores(fresh).flat())).toBeGreaterThan(0);
    expect(fresh.definitions.get("session")).toHaveLength(1);
  });

  it("keeps within its bound in memory, evicting the least recently used", () => {
    const one = deriveFile(
      { path: "net/session.py", text: SESSION_PY },
      {},
      new Bm25Builder(),
    );
    // Room for one such file, not two.
    const maxBytes = Math.ceil(derivedBytes(one) * 1.5);
    const derived = createDerivedCache({ maxBytes });
    const { derive, derivedPaths } = countingDeriver();
    const a = withSha("a.py", SESSION_PY);
    const b = withSha("b.py", SESSION_PY.replace("30", "60"));
    indexRepository([a], {}, { derived, deriveFile: derive });
    indexRepository([b], {}, { derived, deriveFile: derive });
    expect(derived.heldBytes).toBeLessThanOrEqual(maxBytes);
    indexRepository([b], {}, { derived, deriveFile: derive });
    indexRepository([a], {}, { derived, deriveFile: derive });
    expect(derivedPaths).toEqual(["a.py", "b.py", "a.py"]);
  });
});

describe("the derived cache on disk", () => {
  let dir: string;
  let blobs: BlobStore;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), "askcode-derived-"));
    blobs = await createBlobStore({ dir, maxBytes: 64 * 1024 * 1024 });
  });
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it("serves a new process what an earlier one derived", async () => {
    const first = createDerivedCache({ maxBytes: 64 * 1024 * 1024, blobs });
    const files = commitOne();
    const before = indexRepository(files, {}, { derived: first });
    await first.save();
    expect(blobs.entries).toBe(3); // session.py and session.txt share a blob

    const second = createDerivedCache({ maxBytes: 64 * 1024 * 1024, blobs });
    const { derive, derivedPaths } = countingDeriver();
    await second.load(files, {});
    const after = indexRepository(
      files,
      {},
      { derived: second, deriveFile: derive },
    );
    // One entry per blob: the .txt file's derivation (the last) is on disk,
    // so the same blob read as Python is derived again.
    expect(derivedPaths).toEqual(["net/session.py"]);
    expect(after.chunks).toEqual(before.chunks);
    expect(after.bm25).toEqual(before.bm25);
  });

  it("ignores an entry of an older format or one that does not hold together, and derives the file again", async () => {
    const file = withSha("net/session.py", SESSION_PY);
    const good = deriveFile(file, {}, new Bm25Builder());
    const bytes = encodeDerivedFile(good, "{}");
    const jsonLength = bytes.readUInt32LE(0);
    const header = JSON.parse(bytes.subarray(4, 4 + jsonLength).toString());
    const old = Buffer.from(bytes);
    Buffer.from(JSON.stringify({ ...header, format: 0 })).copy(old, 4);
    const cut = bytes.subarray(0, bytes.length - 6);
    const garbage = Buffer.from("not a derived file at all");
    const outOfRange = Buffer.from(bytes);
    // The last term index points past the file's terms.
    outOfRange.writeUInt32LE(
      0xffffff,
      bytes.length - 2 * good.termFreq.length - 4,
    );

    // A store per entry: a store keeps the first bytes put under a key.
    const storeWith = async (name: string, entry: Buffer) => {
      const store = await createBlobStore({
        dir: join(dir, name),
        maxBytes: 1024 * 1024,
      });
      await store.put(DERIVED_KIND, file.blobSha as string, entry);
      return store;
    };
    for (const [name, entry] of Object.entries({
      old,
      cut,
      garbage,
      outOfRange,
    })) {
      const derived = createDerivedCache({
        maxBytes: 1024 * 1024,
        blobs: await storeWith(name, entry),
      });
      const { derive, derivedPaths } = countingDeriver();
      await derived.load([file], {});
      const index = indexRepository(
        [file],
        {},
        { derived, deriveFile: derive },
      );
      expect(derivedPaths).toEqual(["net/session.py"]);
      expect(index.chunks).toEqual(indexRepository([file]).chunks);
    }
    // And a good entry is read: nothing derived.
    const derived = createDerivedCache({
      maxBytes: 1024 * 1024,
      blobs: await storeWith("good", bytes),
    });
    const { derive, derivedPaths } = countingDeriver();
    await derived.load([file], {});
    indexRepository([file], {}, { derived, deriveFile: derive });
    expect(derivedPaths).toEqual([]);
  });

  it("does not use an entry derived from a text of another length under the same SHA", async () => {
    const file = withSha("net/session.py", SESSION_PY);
    const other = deriveFile(
      { path: file.path, text: SESSION_PY + "# redacted elsewhere\n" },
      {},
      new Bm25Builder(),
    );
    await blobs.put(
      DERIVED_KIND,
      file.blobSha as string,
      encodeDerivedFile(other, "{}"),
    );
    const derived = createDerivedCache({ maxBytes: 1024 * 1024, blobs });
    const { derive, derivedPaths } = countingDeriver();
    await derived.load([file], {});
    indexRepository([file], {}, { derived, deriveFile: derive });
    expect(derivedPaths).toEqual(["net/session.py"]);
  });
});

describe("createDerivedCache", () => {
  it("refuses a bound that is not a positive whole number of bytes", () => {
    expect(() => createDerivedCache({ maxBytes: 0 })).toThrow(
      "createDerivedCache: maxBytes must be a whole number of bytes of at least 1, not 0",
    );
  });
});
