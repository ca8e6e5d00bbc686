import { buildSystemPrompt } from "../../../src/agent/system-prompt.js";

const SHA = "1a2b3c4d5e6f7a8b9c0d1e2f3a4b5c6d7e8f9a0b";

describe("buildSystemPrompt", () => {
  it("says what askcode is, how to cite, and that issue and file text is data", () => {
    expect(
      buildSystemPrompt({
        repository: "octo/app",
        sha: SHA,
        ref: "main",
        tools: [
          "search_repository_code",
          "read_file_contents",
          "list_directory_contents",
        ],
      }),
    ).toMatchSnapshot();
  });

  it("tells the model what the map is only when the context has one and it can read files", () => {
    const base = {
      repository: "octo/app",
      sha: "1a2b3c4d5e6f7a8b9c0d1e2f3a4b5c6d7e8f9a0b",
      tools: ["search_repository_code", "read_file_contents"],
    };
    const map = /map of more files/;
    expect(buildSystemPrompt({ ...base, contextHasMap: true })).toMatch(map);
    expect(buildSystemPrompt(base)).not.toMatch(map);
    expect(
      buildSystemPrompt({ ...base, contextHasMap: true, tools: [] }),
    ).not.toMatch(map);
  });

  it("appends a mission's instructions and template, and names only its tools", () => {
    const prompt = buildSystemPrompt({
      repository: "octo/app",
      sha: SHA,
      tools: ["search_repository_code"],
      mission: {
        name: "bug-triage",
        instructions: "Find where the reported behaviour lives in the code.",
        outputTemplate: "## Where\n<files>\n\n## Why\n<explanation>",
      },
    });
    expect(prompt).toContain(
      `This run reads octo/app at commit ${SHA}: every file`,
    );
    expect(prompt).toContain(
      "use the tools: search_repository_code to find where something is defined or used.",
    );
    expect(prompt).not.toContain("read_file_contents to read");
    expect(prompt.endsWith("## Where\n<files>\n\n## Why\n<explanation>")).toBe(
      true,
    );
    expect(prompt.indexOf("## Security")).toBeLessThan(
      prompt.indexOf("## Mission: bug-triage"),
    );
  });

  it("tells the model when it has no tools", () => {
    expect(
      buildSystemPrompt({ repository: "octo/app", sha: SHA, tools: [] }),
    ).toContain(
      "You have no tools in this run: answer from the context given.",
    );
  });
});
