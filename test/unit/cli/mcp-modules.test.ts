import { staticClosure } from "../../helpers/static-closure.js";

describe("the modules askcode mcp loads before it answers initialize", () => {
  // A coding agent starts a new process per session and waits for its
  // answer to initialize: retrieval, the caches, secretlint and the YAML
  // parser load when the client has that answer (src/cli/run-mcp.ts).
  it("are the SDK and the tools' schemas, not retrieval and what a call reads with", () => {
    const packages = staticClosure("cli/run-mcp.ts");
    expect(packages).toContain("@modelcontextprotocol/sdk");
    for (const unneeded of [
      "yaml",
      "@secretlint/core",
      "lru-cache",
      "js-tiktoken",
      "web-tree-sitter",
      "piscina",
    ])
      expect(packages).not.toContain(unneeded);
  });
});
