import { z } from "zod";
import { createCodeTools } from "../../../src/tools/create-code-tools.js";
import { invokeTool } from "../../../src/tools/invoke-tool.js";
import { createPathPolicy } from "../../../src/tools/path-policy.js";
import { defineTool } from "../../../src/tools/tool.js";
import { setupTools, tokenCounter } from "./code-tools-fixture.js";

describe("createCodeTools", () => {
  it("offers the three read-only tools, every field described, no repository or token", () => {
    const { tools } = setupTools();
    expect(tools.map((t) => t.name)).toEqual([
      "search_repository_code",
      "read_file_contents",
      "list_directory_contents",
    ]);
    for (const tool of tools) {
      const schema = z.toJSONSchema(tool.inputSchema, { io: "input" }) as {
        properties: Record<string, { description?: string }>;
      };
      expect(Object.keys(schema.properties)).not.toContain("repository");
      expect(Object.keys(schema.properties)).not.toContain("token");
      for (const [name, property] of Object.entries(schema.properties))
        expect([name, property.description?.length ?? 0]).not.toEqual([
          name,
          0,
        ]);
    }
  });

  it("keeps to a mission's subset", () => {
    const { tools } = setupTools({ allowed: ["read_file_contents"] });
    expect(tools.map((t) => t.name)).toEqual(["read_file_contents"]);
  });

  it("rejects a subset naming a tool that does not exist", () => {
    expect(() =>
      setupTools({ allowed: ["read_file_contents", "run_shell"] }),
    ).toThrow(
      new TypeError(
        'createCodeTools: unknown tool "run_shell" in allowed; the tools are search_repository_code, read_file_contents, list_directory_contents, get_line_history.',
      ),
    );
  });

  it("rejects a budget that is not a positive number", () => {
    expect(() => setupTools({ toolResultBudget: 0 })).toThrow(
      "toolResultBudget must be a positive number of tokens, received 0",
    );
  });
});

describe("invokeTool", () => {
  it("turns a thrown error into a result the model can act on", async () => {
    const flaky = defineTool({
      name: "flaky",
      description: "Fails.",
      inputSchema: z.object({}),
      execute: async () => {
        throw new Error("GitHub answered 502");
      },
    });
    expect(
      await invokeTool(flaky, {}, { maxTokens: 100 }, tokenCounter),
    ).toMatchObject({
      ok: false,
      text: "Error: flaky failed: GitHub answered 502. Try again once, or continue with what you have.",
      seen: [],
    });
  });
});

describe("createPathPolicy", () => {
  it.each([
    [".env", "secret"],
    ["deploy/id_rsa", "secret"],
    [".env.example", undefined],
    ["docs/internal/plan.md", "excluded"],
    ["snapshots/a.snap", "excluded"],
    ["snapshots/keep.snap", undefined],
    ["src/app.ts", undefined],
  ])("%s → %s", (path, reason) => {
    const policy = createPathPolicy(["docs/internal/", "*.snap", "!keep.snap"]);
    expect(policy.hidden(path)).toBe(reason);
  });

  it("matches directory patterns against directories", () => {
    const policy = createPathPolicy(["docs/internal/"]);
    expect(policy.hidden("docs/internal", true)).toBe("excluded");
    expect(policy.hidden("docs/internal")).toBeUndefined();
    expect(policy.hidden("", true)).toBeUndefined();
  });
});
