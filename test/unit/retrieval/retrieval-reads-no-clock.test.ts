import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { jest } from "@jest/globals";
import { buildContext } from "../../../src/retrieval/build-context.js";
import { createTokenCounter } from "../../../src/tokens/create-token-counter.js";
import { createMemoryCodeReader } from "../../helpers/memory-code-reader.js";

const tokenCounter = createTokenCounter({ model: "gpt-4o" });
const FIXTURES = new URL("../../fixtures/", import.meta.url).pathname;

// Three small repositories and a long Python file side by side: several
// grammars, files large enough that the parser reports its progress.
function fixtureFiles(): Record<string, string> {
  const files: Record<string, string> = {};
  const walk = (dir: string): void => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else files[relative(FIXTURES, path)] = readFileSync(path, "utf8");
    }
  };
  walk(join(FIXTURES, "repos"));
  walk(join(FIXTURES, "retrieval"));
  return files;
}

async function packed(question: string, budget: number) {
  const built = await buildContext({
    reader: createMemoryCodeReader(fixtureFiles()),
    question,
    budget,
    tokenCounter,
  });
  return {
    text: built.context.text,
    ranked: built.ranked.map(({ chunk, score }) => [chunk.id, score]),
  };
}

describe("retrieval reads no clock", () => {
  afterEach(() => jest.restoreAllMocks());

  it.each([
    ["How does the LRU cache evict its least recently used entry?", 600],
    ["Where does the connection pool hand out a connection?", 1500],
    ["How does Session.request merge the environment settings?", 4000],
  ])(
    "packs the same bytes for %j when every clock jumps an hour at each read",
    async (question, budget) => {
      const steady = await packed(question, budget);
      let hours = 0;
      const jump = () => 3_600_000 * hours++;
      jest.spyOn(performance, "now").mockImplementation(jump);
      jest.spyOn(Date, "now").mockImplementation(jump);
      const jumping = await packed(question, budget);
      expect(jumping.text).toBe(steady.text);
      expect(jumping.ranked).toEqual(steady.ranked);
    },
  );
});
