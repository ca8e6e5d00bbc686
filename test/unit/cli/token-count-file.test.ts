import { readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { openTokenCountFile } from "../../../src/cli/token-count-file.js";
import { makeTempDir, removeDir } from "../../helpers/temp-repo.js";

function recordingLog() {
  const warnings: string[] = [];
  return {
    warnings,
    log: { warn: (message: string) => warnings.push(message) },
  };
}

describe("openTokenCountFile", () => {
  let dir: string;
  beforeEach(() => {
    dir = makeTempDir();
  });
  afterEach(() => removeDir(dir));

  it("gives the next run the counts this one saved", async () => {
    const { warnings, log } = recordingLog();
    const first = openTokenCountFile(dir, { log });
    expect(first.loaded).toBe(0);
    first.memo.set("o200k_base:aaa", 12);
    first.memo.set("cl100k_base:aaa", 14);
    await first.save();

    const second = openTokenCountFile(dir, { log });

    expect(second.loaded).toBe(2);
    expect(second.memo.get("o200k_base:aaa")).toBe(12);
    expect(second.memo.get("cl100k_base:aaa")).toBe(14);
    expect(second.memo.get("o200k_base:bbb")).toBeUndefined();
    expect(warnings).toEqual([]);
  });

  it("keeps the most recently used counts when there are more than it holds", async () => {
    const { log } = recordingLog();
    const first = openTokenCountFile(dir, { log, maxEntries: 2 });
    first.memo.set("k:a", 1);
    first.memo.set("k:b", 2);
    await first.save();
    const second = openTokenCountFile(dir, { log, maxEntries: 2 });
    second.memo.get("k:a"); // a is now used after b
    second.memo.set("k:c", 3);
    await second.save();

    const third = openTokenCountFile(dir, { log, maxEntries: 2 });

    expect([
      third.memo.get("k:a"),
      third.memo.get("k:b"),
      third.memo.get("k:c"),
    ]).toEqual([1, undefined, 3]);
  });

  it("writes nothing when no count was added", async () => {
    const { log } = recordingLog();
    await openTokenCountFile(dir, { log }).save();
    await expect(
      readFile(join(dir, "token-counts-v1.json")),
    ).rejects.toMatchObject({ code: "ENOENT" });
  });

  it.each([
    ["not JSON", "{", "not JSON"],
    [
      "a count that is not a whole number",
      '{"counts":[["k:a",1.5]]}',
      "not a list of [key, count] pairs",
    ],
    ["no list", '{"counts":{}}', "not a list of [key, count] pairs"],
  ])(
    "starts afresh, with one warning, from a file with %s",
    async (_case, text, problem) => {
      const { warnings, log } = recordingLog();
      await writeFile(join(dir, "token-counts-v1.json"), text);

      const counts = openTokenCountFile(dir, { log });

      expect(counts.loaded).toBe(0);
      expect(warnings).toHaveLength(1);
      expect(warnings[0]).toContain(`(${problem})`);
      counts.memo.set("k:a", 7);
      await counts.save();
      expect(openTokenCountFile(dir, { log }).memo.get("k:a")).toBe(7);
    },
  );

  it("warns and goes on when the directory cannot be made", async () => {
    const { warnings, log } = recordingLog();
    await writeFile(join(dir, "file"), "not a directory");
    const counts = openTokenCountFile(join(dir, "file", "cache"), { log });
    counts.memo.set("k:a", 7);

    await expect(counts.save()).resolves.toBeUndefined();

    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(
      /could not save its token counts .*\(ENOTDIR\)/,
    );
  });
});
