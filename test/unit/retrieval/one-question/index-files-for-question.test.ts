import { indexRepository } from "../../../../src/retrieval/index/index-repository.js";
import { Bm25Builder } from "../../../../src/retrieval/index/bm25-builder.js";
import { deriveFile } from "../../../../src/retrieval/index/derive-file.js";
import type { DeriveElsewhere } from "../../../../src/retrieval/one-question/index-files-for-question.js";
import { indexFilesForQuestion } from "../../../../src/retrieval/one-question/index-files-for-question.js";
import { createDerivedCache } from "../../../../src/retrieval/index/derived-cache.js";
import { gitBlobSha } from "../../../../src/code-host/github/git-blob-sha.js";

// Many unrelated Python modules and one the question names.
const files = [
  ...Array.from({ length: 30 }, (_, i) => ({
    path: `pkg/filler_${i}.py`,
    text: `def helper_${i}(x):\n    return x + ${i}\n`,
  })),
  {
    path: "pkg/session.py",
    text: "class Session:\n    def send(self):\n        return 1\n",
  },
];
const question = "Session.send in pkg/session.py returns the wrong value";
// Two stages whenever a tree is lacking.
const limits = { topFiles: 2, usersPerSymbol: 2, oneStageMaxTrees: 0 };

// A place to derive that derives in place, and says what it was asked.
function recordingPlace(seen: {
  lacking: number[];
  derived: number;
  closed: number;
}) {
  return (lacking: number): DeriveElsewhere => {
    seen.lacking.push(lacking);
    return {
      derive: async (toDerive, options) => {
        seen.derived += toDerive.length;
        const counter = new Bm25Builder();
        return toDerive.map((file) => deriveFile(file, options, counter));
      },
      close: async () => {
        seen.closed++;
      },
    };
  };
}

describe("indexFilesForQuestion", () => {
  it("without a question builds the full index, derived where it is offered, and closes that place", async () => {
    const seen = { lacking: [] as number[], derived: 0, closed: 0 };
    const { index, withoutTree } = await indexFilesForQuestion(files, {
      deriveElsewhere: recordingPlace(seen),
    });
    expect(withoutTree).toBe(0);
    expect(seen).toEqual({
      lacking: [files.length],
      derived: files.length,
      closed: 1,
    });
    expect(index.chunks).toEqual(indexRepository(files).chunks);
  });

  it("with a question and many trees lacking, parses only what it can reach, in place", async () => {
    const seen = { lacking: [] as number[], derived: 0, closed: 0 };
    const { index, withoutTree } = await indexFilesForQuestion(files, {
      question,
      limits,
      deriveElsewhere: recordingPlace(seen),
    });
    expect(withoutTree).toBeGreaterThan(20);
    expect(index.definitions.get("session")).toHaveLength(1);
    expect(seen.lacking).toEqual([]);
  });

  it("with a question and few trees lacking, builds the full index", async () => {
    const { index, withoutTree } = await indexFilesForQuestion(files, {
      question,
      limits: { topFiles: 2, oneStageMaxTrees: files.length },
    });
    expect(withoutTree).toBe(0);
    expect(index.chunks).toEqual(indexRepository(files).chunks);
  });

  it("cuts with the chunk options given, and a derived cache never hands one cut's derivations to another", async () => {
    // One function long enough that a 20-token cut splits it and 300 does not.
    const body = Array.from(
      { length: 12 },
      (_, i) => `    total += compute_${i}(value, ${i})`,
    ).join("\n");
    const text = `def long_total(value):\n    total = 0\n${body}\n    return total\n`;
    const withBlobs = [...files, { path: "pkg/long.py", text }].map((f) => ({
      ...f,
      blobSha: gitBlobSha(Buffer.from(f.text)),
    }));
    const fine = { maxTokens: 20, mergeTokens: 10 };
    const derived = createDerivedCache({ maxBytes: 64 * 1024 * 1024 });
    const seen = { lacking: [] as number[], derived: 0, closed: 0 };
    const coarse = await indexFilesForQuestion(withBlobs, { derived });
    const cut = await indexFilesForQuestion(withBlobs, {
      derived,
      chunk: fine,
      deriveElsewhere: recordingPlace(seen),
    });
    expect(cut.index.chunks).toEqual(indexRepository(withBlobs, fine).chunks);
    expect(cut.index.chunks.length).toBeGreaterThan(coarse.index.chunks.length);
    // Every file derived again for the other cut, none taken from the first.
    expect(seen.lacking).toEqual([withBlobs.length]);
    const again = await indexFilesForQuestion(withBlobs, { derived });
    expect(again.index.chunks).toEqual(coarse.index.chunks);
  });
});
