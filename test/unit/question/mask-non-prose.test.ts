import { maskNonProse } from "../../../src/question/mask-non-prose.js";

describe("maskNonProse", () => {
  it("keeps every offset: masked characters become spaces, newlines stay", () => {
    const text = "a `b` c\n> d\n```\ne\n```\n<!-- f -->g";
    const masked = maskNonProse(text);
    expect(masked).toHaveLength(text.length);
    expect(masked).toBe("a     c\n   \n   \n \n   \n          g");
  });

  it("leaves prose, lists and headings alone", () => {
    const text = "# Title\n- item @x\n1. step\nplain `` ` `` text";
    expect(maskNonProse(text)).toBe(
      "# Title\n- item @x\n1. step\nplain         text",
    );
  });

  it("ends a quote's lazy continuation at a blank line or a new block", () => {
    expect(maskNonProse("> q\nlazy\n- list")).toBe("   \n    \n- list");
    expect(maskNonProse("> q\n\nafter")).toBe("   \n\nafter");
  });

  it("does not let a code span run across a blank line", () => {
    expect(maskNonProse("`a\n\nb`")).toBe("`a\n\nb`");
  });
});
