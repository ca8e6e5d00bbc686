import {
  isInvisible,
  stripInvisible,
} from "../../../src/text/strip-invisible.js";

describe("stripInvisible", () => {
  it.each([
    [
      "zero-width space, non-joiner and joiner in Latin words",
      "a\u200Bb\u200Cc\u200Dd",
      "abcd",
    ],
    [
      "LRM, RLM and the embeddings and overrides",
      "\u200E\u200F\u202A\u202B\u202C\u202D\u202Ex",
      "x",
    ],
    ["isolates", "\u2066\u2067\u2068x\u2069", "x"],
    [
      "word joiner and invisible operators",
      "\u2060\u2061\u2062\u2063\u2064x",
      "x",
    ],
    ["a byte order mark", "\uFEFFx", "x"],
    [
      "a soft hyphen and a Hangul filler",
      "in\u00ADstruc\u3164tions",
      "instructions",
    ],
    ["tag characters", "x\u{E0041}\u{E0042}", "x"],
  ])("removes %s", (_what, text, stripped) => {
    expect(stripInvisible(text)).toBe(stripped);
  });

  it("keeps line breaks and tabs, so line numbers stay", () => {
    const text = "a\u200B\n\tb\r\n\u202Ec\n";
    expect(stripInvisible(text)).toBe("a\n\tb\r\nc\n");
  });

  it("keeps emoji sequences, subdivision flags and joiners of joining scripts", () => {
    const text = [
      "👨\u200D👩\u200D👧",
      "👍🏽\u200D", // a trailing joiner joins nothing: removed
      "\u{1F3F4}\u{E0067}\u{E0062}\u{E0073}\u{E0063}\u{E0074}\u{E007F}", // Scotland
      "ن\u200Cو",
    ].join(" ");
    expect(stripInvisible(text)).toBe(text.replace("🏽\u200D", "🏽"));
  });

  it("tells an invisible character from visible text", () => {
    expect(isInvisible("\u200B")).toBe(true);
    expect(isInvisible("\u200Bx")).toBe(false);
    expect(isInvisible("")).toBe(false);
  });
});
