import {
  createAnalyzer,
  standardTokenize,
} from "../../../../src/eval/baseline/lucene-analyzer.js";
import { porterStem } from "../../../../src/eval/baseline/porter-stem.js";

describe("porterStem", () => {
  // Examples from Porter's 1980 paper, with Lucene's departures from it.
  it.each([
    ["caresses", "caress"],
    ["ponies", "poni"],
    ["ties", "ti"],
    ["cats", "cat"],
    ["feed", "feed"],
    ["agreed", "agre"],
    ["plastered", "plaster"],
    ["motoring", "motor"],
    ["sing", "sing"],
    ["conflated", "conflat"],
    ["hopping", "hop"],
    ["falling", "fall"],
    ["filing", "file"],
    ["happy", "happi"],
    ["sky", "sky"],
    ["relational", "relat"],
    ["conditional", "condit"],
    ["digitizer", "digit"],
    ["vietnamization", "vietnam"],
    ["hopefulness", "hope"],
    ["formaliti", "formal"],
    ["sensibiliti", "sensibl"],
    ["electrical", "electr"],
    ["adjustment", "adjust"],
    ["adoption", "adopt"],
    ["controll", "control"],
    ["generalizations", "gener"],
    ["oscillators", "oscil"],
    // Release 3's departures, which Lucene keeps: -bli → -ble, -logi → -log.
    ["conformabli", "conform"],
    ["analogi", "analog"],
    // Too short to stem; "eed" alone has no stem to measure.
    ["is", "is"],
    ["eed", "eed"],
    // Anything that is not a vowel is a consonant, so code tokens stem too.
    ["models.py", "models.pi"],
  ])("%s → %s", (word, stem) => {
    expect(porterStem(word)).toBe(stem);
  });
});

describe("standardTokenize", () => {
  it("keeps identifiers, dotted names and numbers whole, as UAX #29 does", () => {
    expect(
      standardTokenize(
        "Session.request() raises KeyError: 'output_field' in requests/models.py, v1.2 costs 1,000 (don't)",
      ),
    ).toEqual([
      "Session.request",
      "raises",
      "KeyError",
      "output_field",
      "in",
      "requests",
      "models.py",
      "v1.2",
      "costs",
      "1,000",
      "don't",
    ]);
  });

  it("drops runs of underscores and splits ideographs", () => {
    expect(standardTokenize("__init__ ___ x.__dict__ 漢字")).toEqual([
      "__init__",
      "x",
      "__dict__",
      "漢",
      "字",
    ]);
  });
});

describe("createAnalyzer", () => {
  it("removes possessives and stop words, lowercases, then stems", () => {
    expect(
      createAnalyzer()("The Session's requests are NOT retried with a Timeout"),
    ).toEqual(["session", "request", "retri", "timeout"]);
  });
});
