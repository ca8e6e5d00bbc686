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

describe("the modules askcode mcp's session loads to answer a call", () => {
  // A new process on a filled cache finds what redaction made of every file
  // it shows in the cache directory: secretlint loads only for a file it
  // must redact anew (src/code-host/redacting-reader.ts).
  it("are retrieval's, as askcode ask's, not secretlint's", () => {
    const packages = staticClosure("cli/open-mcp-session.ts");
    expect(packages).toEqual(staticClosure("cli/run-ask.ts"));
    expect(packages).not.toContain("@secretlint/core");
  });
});
