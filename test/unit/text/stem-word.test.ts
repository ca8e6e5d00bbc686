import { identifierTerms } from "../../../src/text/code-terms.js";
import { stemWord } from "../../../src/text/stem-word.js";

describe("stemWord", () => {
  it.each([
    ["packing", "pack"],
    ["packed", "pack"],
    ["packs", "pack"],
    ["entries", "entry"],
    ["create", "creat"],
    ["created", "creat"],
    ["creating", "creat"],
    ["running", "run"],
    ["mapped", "map"],
    ["class", "class"],
    ["status", "status"],
    ["analysis", "analysis"],
    ["calls", "call"],
    ["use", "use"],
    ["uses", "use"],
  ])("stems %s to %s", (word, stem) => {
    expect(stemWord(word)).toBe(stem);
  });
});

describe("identifierTerms", () => {
  it("keeps the whole word exact and stems its parts", () => {
    expect(identifierTerms("packRankedChunks")).toEqual([
      "packrankedchunks",
      "pack",
      "rank",
      "chunk",
    ]);
    expect(identifierTerms("packing")).toEqual(["packing", "pack"]);
    expect(identifierTerms("self")).toEqual(["self"]);
    expect(identifierTerms("__init__")).toEqual(["__init__", "init"]);
    expect(identifierTerms("x")).toEqual([]);
  });
});
