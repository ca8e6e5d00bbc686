import { renderFooter } from "../../../src/answer/render-footer.js";
import { repository } from "./fixtures.js";

const COMMIT =
  "[9fceb02](https://github.com/octo/uploader/commit/9fceb02d0ae598e95dc970b74767f19372d61af8)";

describe("renderFooter", () => {
  it("says which commit was read", () => {
    expect(
      renderFooter({ repository, model: "gpt-4o", tokensUsed: 1234 }),
    ).toBe(`<sub>askcode · gpt-4o · 1,234 tokens · read at ${COMMIT}</sub>`);
  });

  it("says how long the run took, after the tokens, and for a retrieval-only answer too", () => {
    expect(
      renderFooter({
        repository,
        model: "gpt-4o",
        tokensUsed: 1234,
        elapsedMs: 83_600,
      }),
    ).toBe(
      `<sub>askcode · gpt-4o · 1,234 tokens · 1m 24s · read at ${COMMIT}</sub>`,
    );
    expect(renderFooter({ repository, elapsedMs: 2_140 })).toBe(
      `<sub>askcode · retrieval only, no model · 2.1s · read at ${COMMIT}</sub>`,
    );
  });

  it("names the ref the question asked for, for a retrieval-only answer too", () => {
    expect(
      renderFooter({ repository: { ...repository, askedRef: "v2.1" } }),
    ).toBe(
      `<sub>askcode · retrieval only, no model · read \`v2.1\` at ${COMMIT}</sub>`,
    );
  });

  it("keeps an odd ref inside its code span", () => {
    const footer = renderFooter({
      repository: { ...repository, askedRef: "a`<b>\n@x" },
      model: "gpt-4o",
    });
    expect(footer).toContain("read `a<b>@x` at ");
  });
});
