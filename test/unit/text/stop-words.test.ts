import {
  isCodeKeyword,
  isSearchStopWord,
  isStopWord,
} from "../../../src/text/stop-words.js";

describe("stop words", () => {
  it("drops English function words from both searches, in any case", () => {
    for (const word of ["the", "How", "does", "which"]) {
      expect(isStopWord(word)).toBe(true);
      expect(isSearchStopWord(word)).toBe(true);
    }
  });

  it("keeps words that are also identifiers for code search, and drops them for ranking", () => {
    for (const word of ["error", "get", "return", "file", "expected"]) {
      expect(isStopWord(word)).toBe(true);
      expect(isSearchStopWord(word)).toBe(false);
    }
  });

  it("keeps the words that say where to look", () => {
    for (const word of ["timeout", "retry", "upload"]) {
      expect(isStopWord(word)).toBe(false);
      expect(isSearchStopWord(word)).toBe(false);
    }
  });

  it("tells the keywords every file holds from the words issues use", () => {
    for (const word of ["self", "This", "return", "None"])
      expect(isCodeKeyword(word)).toBe(true);
    for (const word of ["next", "error", "router"])
      expect(isCodeKeyword(word)).toBe(false);
  });
});
