import { readGuidance } from "../../../src/agent/read-guidance.js";
import { createMemoryCodeReader } from "../../helpers/memory-code-reader.js";
import { noWarnings, warningsLog } from "../../helpers/warnings-log.js";

const log = noWarnings;

describe("readGuidance", () => {
  it("reads the assistant files first, then one contributor guide, reading only files the tree lists", async () => {
    const reader = createMemoryCodeReader({
      "CONTRIBUTING.md": "Root guide.\n",
      ".github/copilot-instructions.md": "Copilot: use tabs.\n",
      "docs/contributing.rst": "Docs guide.\n",
      "GEMINI.md": "Gemini: be brief.\n",
      ".github/CONTRIBUTING.md": "Run npm test before a pull request.\n",
      "CLAUDE.md": "Claude: prefer small modules.\n",
      "AGENTS.md": "Agents: run make check.\n",
      "README.md": "# Hello\n",
    });

    const found = await readGuidance(reader, { log });

    expect(found.map((f) => [f.path, f.forContributors])).toEqual([
      ["AGENTS.md", false],
      ["CLAUDE.md", false],
      ["GEMINI.md", false],
      [".github/copilot-instructions.md", false],
      // GitHub's own order for a community file: .github, the root, docs.
      [".github/CONTRIBUTING.md", true],
    ]);
    expect(found[0]?.text).toBe("Agents: run make check.\n");
    expect([...reader.reads].sort()).toEqual(found.map((f) => f.path).sort());
  });

  it("finds the files whatever their case, and the guide as .rst in docs", async () => {
    const reader = createMemoryCodeReader({
      "agents.md": "lower-case agents\n",
      "docs/Contributing.rst": "Docs guide.\n",
    });

    expect(
      (await readGuidance(reader, { log })).map((f) => [
        f.path,
        f.forContributors,
      ]),
    ).toEqual([
      ["agents.md", false],
      ["docs/Contributing.rst", true],
    ]);
  });

  it("names a file with another's exact text beside it instead of reading it in twice", async () => {
    const reader = createMemoryCodeReader({
      "AGENTS.md": "Run make check.\n",
      "CLAUDE.md": "Run make check.",
      "CONTRIBUTING.md": "Be kind.\n",
    });

    expect(await readGuidance(reader, { log })).toStrictEqual([
      {
        path: "AGENTS.md",
        text: "Run make check.\n",
        forContributors: false,
        sameText: ["CLAUDE.md"],
      },
      { path: "CONTRIBUTING.md", text: "Be kind.\n", forContributors: true },
    ]);
  });

  it("leaves out paths the configuration hides", async () => {
    const reader = createMemoryCodeReader({
      "AGENTS.md": "Agents.\n",
      "CONTRIBUTING.md": "Guide.\n",
    });

    const found = await readGuidance(reader, {
      log,
      hidden: (p) => p === "AGENTS.md",
    });

    expect(found.map((f) => f.path)).toEqual(["CONTRIBUTING.md"]);
    expect(reader.reads).toEqual(["CONTRIBUTING.md"]);
  });

  it("leaves out a file it could only read in part, and one that is not text", async () => {
    const reader = createMemoryCodeReader({
      "AGENTS.md": new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0, 0, 0, 0]),
      "CONTRIBUTING.md": "x".repeat(10),
    });
    const partial = {
      ...reader,
      readFile: async (path: string) => {
        const file = await reader.readFile(path);
        return file.kind === "text" && path === "CONTRIBUTING.md"
          ? { ...file, truncated: true }
          : file;
      },
    };

    expect(await readGuidance(partial, { log })).toStrictEqual([]);
  });

  it("reads nothing when the tree cannot be listed, and logs why once", async () => {
    const reader = createMemoryCodeReader({ "AGENTS.md": "Agents.\n" });
    const failure = new Error("GitHub said 502");
    const unlisted = {
      ...reader,
      listTree: async () => {
        throw failure;
      },
    };
    const seen = warningsLog();

    expect(await readGuidance(unlisted, { log: seen })).toStrictEqual([]);
    expect(seen.warnings).toStrictEqual([
      [
        { err: failure },
        "askcode could not list the repository's files to find its guidance (AGENTS.md, CONTRIBUTING); it answers without it",
      ],
    ]);
  });

  it("leaves out a file it could not read, logging the failure with its path, and reads the rest", async () => {
    const reader = createMemoryCodeReader({
      "AGENTS.md": "Agents: run make check.\n",
      "CONTRIBUTING.md": "Run npm test.\n",
    });
    const failure = new Error("GitHub said 500");
    const failing = {
      ...reader,
      readFile: async (path: string) => {
        if (path === "AGENTS.md") throw failure;
        return reader.readFile(path);
      },
    };
    const seen = warningsLog();

    expect(await readGuidance(failing, { log: seen })).toStrictEqual([
      {
        path: "CONTRIBUTING.md",
        text: "Run npm test.\n",
        forContributors: true,
      },
    ]);
    expect(seen.warnings).toStrictEqual([
      [
        { err: failure, path: "AGENTS.md" },
        "askcode could not read the guidance file AGENTS.md; it answers without it",
      ],
    ]);
  });
});
