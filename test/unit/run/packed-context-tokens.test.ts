import { BUDGET_LIMITS } from "../../../src/config/config-fields.js";
import { packedContextTokens } from "../../../src/run/packed-context-tokens.js";

describe("packedContextTokens", () => {
  it("gives the code the whole context budget when no model reads it", () => {
    expect(packedContextTokens({ context: 12_000 }, { withModel: false })).toBe(
      12_000,
    );
    expect(packedContextTokens({ context: 1000 }, { withModel: false })).toBe(
      1000,
    );
  });

  it("gives the code 60 % of it with a model, the rest left to the question, thread and guidance", () => {
    expect(packedContextTokens({ context: 12_000 }, { withModel: true })).toBe(
      7200,
    );
    expect(packedContextTokens({ context: 20_000 }, { withModel: true })).toBe(
      12_000,
    );
  });

  it("rounds down to whole tokens, so the share never exceeds the budget", () => {
    expect(packedContextTokens({ context: 1001 }, { withModel: true })).toBe(
      600,
    );
    expect(packedContextTokens({ context: 1003 }, { withModel: true })).toBe(
      601,
    );
  });

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
