import { loadGrammarsFor } from "../../../../src/retrieval/chunks/chunk-file.js";
import { Bm25Builder } from "../../../../src/retrieval/index/bm25-builder.js";
import {
  deriveFile,
  type DerivedFile,
} from "../../../../src/retrieval/index/derive-file.js";
import {
  indexForOneQuestion,
  indexForOneQuestionAlongside,
} from "../../../../src/retrieval/one-question/index-for-one-question.js";
import type { ParseAlongside } from "../../../../src/retrieval/one-question/parse-alongside.js";
import { startParseThread } from "../../../../src/worker-threads/start-parse-thread.js";

// Modules of different sizes, many of which the question reaches, so that
// the second stage has files to share.
const files = Array.from({ length: 60 }, (_, i) => ({
  path: `pkg/module_${i}.py`,
  text:
    `class Handler${i}:\n    """Reads page ${i} of a request."""\n\n` +
    Array.from(
      { length: 1 + (i % 7) },
      (_, j) =>
        `    def read_page_${j}(self, request):\n        return request.page(${i} + ${j})\n`,
    ).join("\n"),
}));
const question = "Handler7.read_page_2 reads the wrong page of the request";
const limits = { topFiles: 12, usersPerSymbol: 4, oneStageMaxTrees: 0 };

/** A stand-in for the other thread: it takes every second file and derives it with a counter of its own, or fails after taking them. */
function everySecondFile(outcome: "derives" | "fails"): ParseAlongside & {
  tookThere: number;
} {
  const alongside = {
    tookThere: 0,
    async share(
      toShare: ReadonlyArray<{ path: string; text: string }>,
      options: object,
      deriveHere: (k: number) => void,
    ) {
      const counter = new Bm25Builder();
      const there = new Map<number, DerivedFile>();
      for (const [k, file] of toShare.entries()) {
        if (k % 2 === 0) deriveHere(k);
        else there.set(k, deriveFile(file, options, counter));
      }
      alongside.tookThere = there.size;
      if (outcome === "fails") throw new Error("the thread died");
      return there;
    },
    close: async () => {},
  };
  return alongside;
}

describe("indexForOneQuestionAlongside", () => {
  beforeAll(() => loadGrammarsFor([{ path: "a.py" }]));

  const alone = () => indexForOneQuestion(files, question, { limits });

  it("gives the index of one thread when the other derives half the chosen files", async () => {
    const alongside = everySecondFile("derives");
    const shared = await indexForOneQuestionAlongside(files, question, {
      limits,
      alongside,
    });
    expect(alongside.tookThere).toBeGreaterThan(3);
    const single = alone();
    expect(shared.stats).toEqual(single.stats);
    expect(shared.index).toEqual(single.index);
  });

  it("derives here what a failed thread took, and still gives the same index", async () => {
    const alongside = everySecondFile("fails");
    const shared = await indexForOneQuestionAlongside(files, question, {
      limits,
      alongside,
    });
    expect(alongside.tookThere).toBeGreaterThan(3);
    expect(shared.index).toEqual(alone().index);
  });

  it("gives the same index with a real parse thread", async () => {
    const alongside = startParseThread([files[3] as (typeof files)[0]], {});
    try {
      const shared = await indexForOneQuestionAlongside(files, question, {
        limits,
        alongside,
      });
      expect(shared.index).toEqual(alone().index);
    } finally {
      await alongside.close();
    }
  });
});
