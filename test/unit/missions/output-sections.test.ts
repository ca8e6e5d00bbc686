import { outputSections } from "../../../src/missions/output-sections.js";

describe("outputSections", () => {
  it("lists ## and ### headings in order, without closing #s", () => {
    expect(
      outputSections(
        "# Title\n## Where it lives\ntext\n### Details ##\n#### Too deep",
      ),
    ).toStrictEqual(["Where it lives", "Details"]);
  });

  it("skips headings inside fenced examples, backtick or tilde", () => {
    expect(
      outputSections(
        "## A\n````md\n## in\n```\n## still in\n````\n~~~\n## in\n~~~\n## B",
      ),
    ).toStrictEqual(["A", "B"]);
  });
});
