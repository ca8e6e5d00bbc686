import { coChangeKind } from "../../../../src/retrieval/history/co-change-kind.js";

describe("coChangeKind", () => {
  it.each([
    ["CHANGELOG.md", "changelog"],
    ["docs/usage.md", "docs"],
    ["packages/@biomejs/biome/configuration_schema.json", "data"],
    ["tests/it.rs", "test"],
    ["crates/biome_js_analyze/src/lint.rs", "code"],
  ])("%s is %s", (path, kind) => {
    expect(coChangeKind(path)).toBe(kind);
  });
});
