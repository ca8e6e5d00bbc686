import {
  describeToolCall,
  renderProgressComment,
  type ProgressEvent,
} from "../../../src/answer/render-progress-comment.js";

const tool = (step: number, name: string, args: unknown): ProgressEvent => ({
  kind: "tool",
  step,
  maxSteps: 8,
  name,
  arguments: args,
});

describe("renderProgressComment", () => {
  it("says the search is under way in the comment posted at once", () => {
    expect(renderProgressComment([{ kind: "searching" }]))
      .toMatchInlineSnapshot(`
     "⏳ **askcode is working on this question**

     - [ ] Searching the code…

     <sub>askcode · this comment will be updated with the answer</sub>"
    `);
  });

  it("lists the steps so far, the last one under way, with the step counter of the latest tool call", () => {
    expect(
      renderProgressComment([
        { kind: "searching" },
        { kind: "searching" },
        { kind: "searched", files: 1_204 },
        {
          kind: "read",
          paths: ["src/a.ts", "src/b.ts", "c.py", "d.go", "e.rs", "f", "g"],
        },
        { kind: "thinking", maxSteps: 8 },
        tool(1, "search_repository_code", { query: "retry upload" }),
        tool(2, "read_file_contents", {
          path: "src/retry.ts",
          start_line: 40,
          end_line: 90,
        }),
        tool(3, "list_directory_contents", { path: "", recursive: true }),
      ]),
    ).toMatchInlineSnapshot(`
     "⏳ **askcode is working on this question** · step 3 of 8

     - [x] Searched the code (1,204 files indexed)
     - [x] Read \`src/a.ts\`, \`src/b.ts\`, \`c.py\`, \`d.go\`, \`e.rs\` and 2 more
     - [x] Asked the model
     - [x] \`search_repository_code "retry upload"\`
     - [x] \`read_file_contents src/retry.ts:40-90\`
     - [ ] \`list_directory_contents .\`…

     <sub>askcode · this comment will be updated with the answer</sub>"
    `);
  });

  it("ends with the answer being written", () => {
    const body = renderProgressComment([
      { kind: "searching" },
      { kind: "searched", files: 1 },
      { kind: "read", paths: ["a.ts", "b.ts"] },
      { kind: "thinking", maxSteps: 8 },
      { kind: "writing" },
    ]);
    expect(body.split("\n").slice(0, 7)).toStrictEqual([
      "⏳ **askcode is working on this question** · step 1 of 8",
      "",
      "- [x] Searched the code (1 file indexed)",
      "- [x] Read `a.ts` and `b.ts`",
      "- [x] Asked the model",
      "- [ ] Writing the answer…",
      "",
    ]);
  });

  it("shows what the model sent as code: no mention pings, no HTML, no link, no breaking out of the span", () => {
    const body = renderProgressComment([
      { kind: "searching" },
      tool(1, "search_repository_code", {
        query: "@octocat <img src=x> `](https://e.example) #12",
      }),
      tool(2, "delete_<b>repo</b>", { path: "src/\n@admin\u0007.ts" }),
    ]);
    const lines = body.split("\n");
    expect(lines[3]).toBe(
      '- [x] `search_repository_code "@octocat <img src=x> ](https://e.example) #12"`',
    );
    expect(lines[4]).toBe("- [ ] `delete_<b>repo</b> src/@admin.ts`…");
    // Each line holds one code span: its two backticks, nothing outside but the checkbox.
    for (const line of lines.slice(3, 5))
      expect(line.replace(/`[^`]*`/, "")).toMatch(/^- \[[ x]\] …?$/);
  });

  it("caps a long argument, so a model cannot fill the comment", () => {
    const body = renderProgressComment([
      tool(1, "search_repository_code", { query: "x".repeat(5_000) }),
    ]);
    expect(body.length).toBeLessThan(300);
  });
});

describe("describeToolCall", () => {
  it.each([
    [
      { path: "src/retry.ts", start_line: 40 },
      "read_file_contents src/retry.ts:40",
    ],
    [{ path: "src/retry.ts" }, "read_file_contents src/retry.ts"],
    [{ pull_number: 7, side: "head" }, "read_file_contents head"],
    [{ start_line: 3 }, "read_file_contents"],
    ['{"path": "src/', "read_file_contents"],
    [null, "read_file_contents"],
  ])("%j", (args, line) => {
    expect(describeToolCall("read_file_contents", args)).toBe(line);
  });
});
