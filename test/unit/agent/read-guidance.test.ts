import { readGuidance } from "../../../src/agent/read-guidance.js";
import { createMemoryCodeReader } from "../../helpers/memory-code-reader.js";

describe("readGuidance", () => {
  it("reads the guidance files the commit has, in their order, and skips the rest", async () => {
    const reader = createMemoryCodeReader({
      ".github/CONTRIBUTING.md": "Run npm test before a pull request.\n",
      "AGENTS.md": "Prefer small modules.\n",
      "README.md": "# Hello\n",
    });

    expect(await readGuidance(reader)).toStrictEqual([
      { path: "AGENTS.md", text: "Prefer small modules.\n" },
      {
        path: ".github/CONTRIBUTING.md",
        text: "Run npm test before a pull request.\n",
      },
    ]);
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

    expect(await readGuidance(partial)).toStrictEqual([]);
  });
});
