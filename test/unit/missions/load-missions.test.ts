import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { loadMissions } from "../../../src/missions/load-missions.js";
import { ConfigError } from "../../../src/shared/errors.js";

const FIXTURES = fileURLToPath(
  new URL("../../fixtures/missions/", import.meta.url),
);
const SHIPPED = fileURLToPath(new URL("../../../missions/", import.meta.url));

async function failure(dir: string): Promise<string> {
  const error: unknown = await loadMissions(dir).then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ConfigError);
  return (error as ConfigError).message;
}

describe("loadMissions", () => {
  it("loads the two missions askcode ships", async () => {
    const missions = await loadMissions(SHIPPED);
    expect(
      missions.map(({ name, labels, tools, sections, max_steps, budgets }) => ({
        name,
        labels,
        tools,
        sections,
        max_steps,
        budgets,
      })),
    ).toStrictEqual([
      {
        name: "bug_triage",
        labels: ["askcode: triage"],
        tools: [
          "search_repository_code",
          "read_file_contents",
          "list_directory_contents",
        ],
        sections: [
          "Where it lives",
          "Likely code path",
          "Files to look at",
          "Missing from the report",
        ],
        max_steps: 10,
        budgets: { context: 16000, tool_result: 6000, run: 560000 },
      },
      {
        name: "code_exploration",
        labels: ["askcode: explain"],
        tools: [
          "search_repository_code",
          "read_file_contents",
          "list_directory_contents",
        ],
        sections: [
          "Summary",
          "Entry points",
          "How it works",
          "Key functions",
          "Where to look next",
        ],
        max_steps: 10,
        budgets: { tool_result: 6000, run: 520000 },
      },
    ]);
    // The instructions a maintainer reads hold the mission's promises.
    const triage = missions[0];
    expect(triage?.instructions).toContain("Never say the bug is fixed");
    expect(triage?.instructions).toContain("not instructions to you");
    expect(triage?.file).toBe(join(SHIPPED, "bug_triage.yaml"));
  });

  it("loads .yml beside .yaml, in file-name order, and skips other files", async () => {
    const missions = await loadMissions(join(FIXTURES, "mixed"));
    expect(missions.map((m) => [m.name, m.labels, m.model])).toStrictEqual([
      ["release_notes", ["Release-Notes"], "gpt-4o-mini"],
      // "summarize" and "Summarize" are one label on GitHub: listed once.
      ["summary", ["summarize"], undefined],
    ]);
  });

  it("gives no missions for an empty directory", async () => {
    const dir = await mkdtemp(join(tmpdir(), "askcode-missions-"));
    try {
      expect(await loadMissions(dir)).toStrictEqual([]);
    } finally {
      await rm(dir, { recursive: true });
    }
  });

  it("refuses a directory that does not exist, naming the variable that sets it", async () => {
    const dir = join(FIXTURES, "no-such-dir");
    expect(await failure(dir)).toBe(
      `The missions directory ${dir} cannot be read (ENOENT). Set ASKCODE_MISSIONS_DIR to the directory that holds the mission files, or create it empty for no missions.`,
    );
  });

  it("names where a relative directory was looked for: the working directory's", async () => {
    expect(await failure("no-such-missions")).toBe(
      `The missions directory ${resolve("no-such-missions")} cannot be read (ENOENT). Set ASKCODE_MISSIONS_DIR to the directory that holds the mission files, or create it empty for no missions.`,
    );
  });

  it("reports every broken file at once, each by file, line and key", async () => {
    const dir = join(FIXTURES, "broken");
    const message = (await failure(dir)).replaceAll(dir + "/", "");
    expect(message).toMatchSnapshot();
    for (const file of [
      "bad-values.yaml:1:7 `name`",
      "empty.yaml is empty",
      "missing-keys.yaml `tools` is missing",
      "misspelt-keys.yaml:6:1 `max_step`",
      "syntax-error.yaml:4:1 is not valid YAML",
      "unknown-tool.yaml:7:5 `tools[1]`",
    ])
      expect(message).toContain(file);
  });

  it("refuses two missions claiming one label, whatever its case", async () => {
    const dir = join(FIXTURES, "duplicate-labels");
    expect(await failure(dir)).toBe(
      `Two missions claim the label "bug": ${join(dir, "a_first.yaml")} (first) and ${join(dir, "b_second.yaml")} (second). A label starts one mission; remove it from one of them.`,
    );
  });

  it("refuses two missions with one name", async () => {
    const dir = join(FIXTURES, "duplicate-names");
    expect(await failure(dir)).toBe(
      `Two missions are named "triage": ${join(dir, "a.yaml")} and ${join(dir, "b.yaml")}. Rename one; repositories enable missions by name.`,
    );
  });
});
