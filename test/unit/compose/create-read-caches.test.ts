import { loadGrammarsFor } from "../../../src/retrieval/chunks/chunk-file.js";
import { gitBlobSha } from "../../../src/code-host/github/git-blob-sha.js";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createReadCaches } from "../../../src/compose/create-read-caches.js";
import { indexRepository } from "../../../src/retrieval/index/index-repository.js";
import { deriveFile } from "../../../src/retrieval/index/derive-file.js";
import { systemClock } from "../../../src/shared/clock.js";

const MiB = 1024 * 1024;
const silent = { warn: () => {} };
const TEXT = "def retry(upload):\n    return upload()\n";
// The git blob SHA of TEXT: the store keeps text only under the SHA it hashes to.
const FILE = {
  path: "src/retry.py",
  text: TEXT,
  blobSha: gitBlobSha(Buffer.from(TEXT)),
};

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), "askcode-read-caches-"));
});
afterEach(() => rm(dir, { recursive: true, force: true }));

const settings = (sizes: { blob: number; index: number; derived: number }) => ({
  blobCache: { dir, maxBytes: sizes.blob },
  indexCacheMaxBytes: sizes.index,
  derivedCacheMaxBytes: sizes.derived,
  snapshotMaxBytes: 16 * MiB,
});

// Production awaits the grammars before it indexes; so do these tests,
// whose files are Python (chunked on its tree).
beforeAll(() => loadGrammarsFor([{ path: "a.py" }]));

describe("createReadCaches", () => {
  it("turns off each cache whose size is 0", async () => {
    const caches = await createReadCaches(
      settings({ blob: 0, index: 0, derived: 0 }),
      { clock: systemClock, log: silent },
    );
    expect(Object.keys(caches)).toStrictEqual(["snapshotCache", "redactions"]);
  });

  it("keeps text and derived index data on one disk store that a restarted process reads", async () => {
    const sizes = { blob: 16 * MiB, index: 16 * MiB, derived: 16 * MiB };
    const first = await createReadCaches(settings(sizes), {
      clock: systemClock,
      log: silent,
    });
    first.keptTexts?.keep(FILE.blobSha, Buffer.from(FILE.text));
    indexRepository([FILE], {}, { derived: first.derivedCache });
    await first.keptTexts?.flushed();
    await first.derivedCache?.save();

    const restarted = await createReadCaches(settings(sizes), {
      clock: systemClock,
      log: silent,
    });
    expect((await restarted.keptTexts?.read(FILE.blobSha))?.toString()).toBe(
      FILE.text,
    );
    await restarted.derivedCache?.load([FILE], {});
    let derivedAgain = 0;
    indexRepository(
      [FILE],
      {},
      {
        derived: restarted.derivedCache,
        deriveFile: (...args) => {
          derivedAgain += 1;
          return deriveFile(...args);
        },
      },
    );
    expect(derivedAgain).toBe(0);
  });
});
