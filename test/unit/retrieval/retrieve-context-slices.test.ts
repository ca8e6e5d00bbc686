import { loadGrammarsFor } from "../../../src/retrieval/chunks/chunk-file.js";
import { deriveFile } from "../../../src/retrieval/index/derive-file.js";
import {
  indexRepository,
  indexRepositorySteps,
} from "../../../src/retrieval/index/index-repository.js";
import {
  retrieveContext,
  retrieveContextSteps,
} from "../../../src/retrieval/retrieve-context.js";
import { analyzeQuery } from "../../../src/retrieval/query/query-analysis.js";
import {
  rankChunks,
  rankChunksSteps,
} from "../../../src/retrieval/rank/rank-chunks.js";
import type { TokenCounter } from "../../../src/tokens/token-counter.js";
import { countingSlices } from "../../helpers/counting-slices.js";

// A synthetic repository: 30 Python modules of 40 small handlers each.
const files = Array.from({ length: 30 }, (_, m) => ({
  path: `app/module_${m}.py`,
  text: Array.from(
    { length: 40 },
    (_, f) =>
      `def handle_webhook_${m}_${f}(delivery, store):\n    """Deduplicates a redelivered webhook by its delivery id."""\n    if store.seen(delivery.id):\n        return None\n    return store.enqueue(delivery, attempt=${f})\n`,
  ).join("\n"),
}));
const tokenCounter: TokenCounter = {
  encodingName: "chars",
  count: (text) => Math.ceil(text.length / 4),
};
const question = "where is a redelivered webhook deduplicated?";

beforeAll(() => loadGrammarsFor(files));

describe("indexing and ranking in time slices", () => {
  it("gives the event loop turns while it indexes, and builds the same index", async () => {
    const { slices } = countingSlices();
    let derived = 0;
    let derivedAtTurn: number | undefined;
    const index = await slices.run(
      indexRepositorySteps(
        files,
        {},
        {
          deriveFile: (file, options, counter) => {
            // Scheduled once indexing has begun: it runs at the next turn.
            if (derived === 0) setImmediate(() => (derivedAtTurn = derived));
            derived++;
            return deriveFile(file, options, counter);
          },
        },
      ),
    );
    expect(derived).toBe(files.length);
    expect(derivedAtTurn).toBeLessThan(files.length);
    expect(index).toEqual(indexRepository(files));
  });

  it("gives the event loop turns while it ranks, and ranks the same", async () => {
    const index = indexRepository(files);
    const query = analyzeQuery(question);
    const { slices, turns } = countingSlices();
    const sliced = await slices.run(rankChunksSteps(index, query));
    expect(turns()).toBeGreaterThan(10);
    expect(sliced).toEqual(rankChunks(index, query));
  });

  it("gives the event loop turns while it ranks and packs a held index, and retrieves the same context", async () => {
    const index = indexRepository(files);
    const input = { files, index, question, budget: 2_000, tokenCounter };
    const { slices, turns } = countingSlices();
    const sliced = await slices.run(retrieveContextSteps(input));
    // One turn before the work starts; the rest come from inside ranking and packing.
    expect(turns()).toBeGreaterThan(20);
    const whole = retrieveContext(input);
    expect(sliced.ranked).toEqual(whole.ranked);
    expect(sliced.context).toEqual(whole.context);
    expect(sliced.context.mode).toBe("ranked-chunks");
  });
});
