import { fenceLanguage } from "../../../src/text/fence-language.js";

describe("fenceLanguage", () => {
  it.each([
    ["src/upload.ts", "typescript"],
    ["app/Component.tsx", "tsx"],
    ["pkg/models.py", "python"],
    ["cmd/main.go", "go"],
    ["lib/x.RB", "ruby"],
    ["include/x.h", "c"],
    ["src/x.hpp", "cpp"],
    [".github/workflows/ci.yml", "yaml"],
    ["Dockerfile", "dockerfile"],
    ["build/Makefile", "makefile"],
    ["CMakeLists.txt", "cmake"],
    ["data/x.weird", ""],
    ["LICENSE", ""],
  ])("%s → %j", (path, tag) => {
    expect(fenceLanguage(path)).toBe(tag);
  });
});
