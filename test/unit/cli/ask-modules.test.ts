import { staticClosure } from "../../helpers/static-closure.js";

describe("the modules askcode ask loads", () => {
  // A warm question's CPU is about a sixth module loading: what only some
  // questions run is imported when they run.
  it("leaves the App's tools, zod and secretlint to a question about history", () => {
    const packages = staticClosure("cli/run-ask.ts");
    for (const unneeded of [
      "zod",
      "@secretlint/core",
      "@modelcontextprotocol/sdk",
      "tar-stream",
      "piscina",
    ])
      expect(packages).not.toContain(unneeded);
  });

  it("leaves the syntax-tree runtime and the ignore-file parser to a question that parses or walks a directory", () => {
    // A warm question answers from a kept index (nothing parsed) in a
    // checkout git lists (no ignore file read): web-tree-sitter cost it a
    // few ms, and \`ignore\`, CommonJS imported from a module, 10-40.
    const packages = staticClosure("cli/run-ask.ts");
    expect(packages).not.toContain("web-tree-sitter");
    expect(packages).not.toContain("ignore");
  });
});
