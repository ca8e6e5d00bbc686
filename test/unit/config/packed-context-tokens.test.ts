import { BUDGET_LIMITS } from "../../../src/config/budget-limits.js";
import { packedContextTokens } from "../../../src/config/packed-context-tokens.js";

describe("packedContextTokens", () => {
  it.each([
    // No model reads it: the code gets the whole context budget.
    [12_000, false, 12_000],
    [1000, false, 1000],
    // A model: 60 %, the rest left to the question, the thread and the guidance.
    [12_000, true, 7200],
    [20_000, true, 12_000],
    // Rounded down to whole tokens, so the share never exceeds it.
    [1001, true, 600],
    [1003, true, 601],
  ])(
    "packs %i tokens of context (model: %s) into %i tokens of code",
    (context, withModel, packed) => {
      expect(packedContextTokens({ context }, { withModel })).toBe(packed);
    },
  );

  it("packs a repository's default budget as the CLI's default does", () => {
    const context = BUDGET_LIMITS.context.default;
    expect(packedContextTokens({ context }, { withModel: false })).toBe(
      context,
    );
    expect(packedContextTokens({ context }, { withModel: true })).toBeLessThan(
      context,
    );
  });
});
