import { readFileSync } from "node:fs";
import { parseMissionFile } from "../../../src/missions/parse-mission-file.js";
import { ConfigError } from "../../../src/shared/errors.js";

const FIX_IT =
  "Fix the mission file (or move it out of the missions directory) and start askcode again.";

function fixture(name: string): string {
  return readFileSync(
    new URL(`../../fixtures/missions/broken/${name}`, import.meta.url),
    "utf8",
  );
}

function messageOf(text: string, file: string): string {
  try {
    parseMissionFile(text, file);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as Error).message;
  }
  throw new Error("expected a ConfigError");
}

describe("parseMissionFile", () => {
  it("reads a mission, its output sections and where it came from", () => {
    const mission = parseMissionFile(
      [
        "name: explain",
        "description: Explains.",
        "labels: [Explain, explain, docs]",
        "instructions: |",
        "  Explain the code.",
        "tools: [read_file_contents]",
        "model: { name: local, context_window: 8192 }",
        "output: |",
        "  ## What it does",
        "  Text.",
        "  ```md",
        "  ## Not a section: an example in a fence",
        "  ```",
        "  ### How ###",
        "  Steps.",
      ].join("\n"),
      "missions/explain.yaml",
    );
    expect(mission).toStrictEqual({
      name: "explain",
      description: "Explains.",
      labels: ["Explain", "docs"],
      instructions: "Explain the code.",
      tools: ["read_file_contents"],
      model: { name: "local", context_window: 8192 },
      output:
        "## What it does\nText.\n```md\n## Not a section: an example in a fence\n```\n### How ###\nSteps.\n",
      file: "missions/explain.yaml",
      sections: ["What it does", "How"],
    });
  });

  it("names a tool askcode does not have, by line and list position", () => {
    expect(messageOf(fixture("unknown-tool.yaml"), "m/unknown-tool.yaml")).toBe(
      [
        "m/unknown-tool.yaml is not a valid mission:",
        '  m/unknown-tool.yaml:7:5 `tools[1]` is not an allowed value ("grep_repository"). Allowed: a non-empty list of search_repository_code, read_file_contents, list_directory_contents.',
        FIX_IT,
      ].join("\n"),
    );
  });

  it("names misspelt keys, nested ones too, with the key meant", () => {
    expect(messageOf(fixture("misspelt-keys.yaml"), "m/misspelt.yaml")).toBe(
      [
        "m/misspelt.yaml is not a valid mission:",
        "  m/misspelt.yaml:6:1 `max_step` is not a mission key. Did you mean `max_steps`? Allowed: name, description, labels, instructions, tools, budgets, max_steps, model, output.",
        "  m/misspelt.yaml:8:3 `budgets.contxt` is not a mission key. Did you mean `budgets.context`? Allowed: context, tool_result, run, wall_time_seconds.",
        FIX_IT,
      ].join("\n"),
    );
  });

  it("names missing keys", () => {
    expect(messageOf(fixture("missing-keys.yaml"), "m/missing.yaml")).toBe(
      [
        "m/missing.yaml is not a valid mission:",
        "  m/missing.yaml `instructions` is missing. Allowed: text: the mission's instructions to the model.",
        "  m/missing.yaml `tools` is missing. Allowed: a non-empty list of search_repository_code, read_file_contents, list_directory_contents.",
        "  m/missing.yaml `output` is missing. Allowed: Markdown with at least one `## Section` heading for the answer to fill.",
        FIX_IT,
      ].join("\n"),
    );
  });

  it("names every wrong value, in file order, with what each allows", () => {
    expect(messageOf(fixture("bad-values.yaml"), "m/bad.yaml")).toBe(
      [
        "m/bad.yaml is not a valid mission:",
        '  m/bad.yaml:1:7 `name` does not have an allowed form ("Bad Name"). Allowed: lower-case letters, digits and `_`, starting with a letter, such as `bug_triage`.',
        "  m/bad.yaml:3:9 `labels` is an empty list ([]). Allowed: a non-empty list of label names (GitHub allows 50 characters each).",
        "  m/bad.yaml:7:12 `budgets.context` is less than 1000 (500). Allowed: a whole number of tokens from 1000 to 1000000.",
        '  m/bad.yaml:8:12 `max_steps` is a string ("ten"). Allowed: a whole number from 1 to 50.',
        "  m/bad.yaml:11:19 `model.context_window` is less than 1024 (100). Allowed: a model name, or a map with `name` and an optional `context_window` (tokens).",
        '  m/bad.yaml:12:9 `output` does not have an allowed form ("A template without a section heading."). Allowed: Markdown with at least one `## Section` heading for the answer to fill.',
        FIX_IT,
      ].join("\n"),
    );
  });

  it("points at a YAML syntax error by line and column, with yaml's excerpt", () => {
    expect(messageOf(fixture("syntax-error.yaml"), "m/syntax.yaml")).toBe(
      [
        "m/syntax.yaml:4:1 is not valid YAML: Flow sequence in block collection must be sufficiently indented and end with a ].",
        "labels: [broken",
        "instructions: Look.",
        "^",
        FIX_IT,
      ].join("\n"),
    );
  });

  it("points at a repeated key", () => {
    expect(messageOf("name: a\nname: b\n", "m/twice.yaml")).toMatch(
      /^m\/twice\.yaml:2:1 is not valid YAML: Map keys must be unique\./,
    );
  });

  it.each([
    ["# only a comment\n", "m/x.yaml is empty"],
    ["- a list\n", "m/x.yaml is not a map of keys"],
  ])("refuses a file that is not a map: %j", (text, start) => {
    expect(messageOf(text, "m/x.yaml")).toBe(
      `${start}: a mission needs name, description, labels, instructions, tools and output.\n${FIX_IT}`,
    );
  });

  describe("a mission whose budgets cannot pay for its steps", () => {
    const mission = (tail: string[]) =>
      [
        "name: deep_read",
        "description: Reads a lot.",
        "labels: [deep]",
        "instructions: Read everything.",
        "tools: [read_file_contents]",
        ...tail,
        "output: '## Answer'",
      ].join("\n");
    // Ten reads of 6,000 tokens, as code_exploration asks for.
    const tenReads = (run: number) =>
      mission([
        "max_steps: 10",
        "budgets:",
        "  tool_result: 6000",
        `  run: ${run}`,
      ]);

    it("is refused at the run budget's line, with the arithmetic and both fixes", () => {
      expect(messageOf(tenReads(90000), "m/deep.yaml")).toBe(
        [
          "m/deep.yaml is not a valid mission:",
          "  m/deep.yaml:9:8 `budgets.run` (90000) fits only 2 of the 10 tool calls `max_steps` allows: " +
            "10 tool calls with full-size results, then the answer, need 508240 tokens: each of the 11 requests resends the conversation, " +
            "which starts at 14500 (`budgets.context` 12000 + 2500 for the system prompt and tools) and grows by 6256 a call " +
            "(`budgets.tool_result` 6000 + 256 for the call), plus 2000 for the answer (budgets the mission leaves unset count at the repository defaults). " +
            "Allowed: `budgets.run` at least 508240, or `max_steps` at most 2.",
          FIX_IT,
        ].join("\n"),
      );
    });

    it("points at max_steps when the mission raises the steps over the default run budget", () => {
      expect(messageOf(mission(["max_steps: 12"]), "m/deep.yaml")).toMatch(
        /^ {2}m\/deep\.yaml:6:12 `budgets\.run` \(300000\) fits only 8 of the 12 tool calls/m,
      );
    });

    it("is accepted once its run budget pays for them, and when it sets neither", () => {
      expect(
        parseMissionFile(tenReads(508240), "m/deep.yaml").budgets,
      ).toStrictEqual({ tool_result: 6000, run: 508240 });
      // One token short is short.
      expect(messageOf(tenReads(508239), "m/deep.yaml")).toContain(
        "fits only 9 of the 10 tool calls",
      );
      expect(
        parseMissionFile(mission([]), "m/deep.yaml").max_steps,
      ).toBeUndefined();
      expect(
        parseMissionFile(
          mission(["budgets:", "  wall_time_seconds: 60"]),
          "m/deep.yaml",
        ).budgets,
      ).toStrictEqual({ wall_time_seconds: 60 });
    });
  });
});
