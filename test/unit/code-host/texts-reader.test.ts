import { readerOverTexts } from "../../../src/code-host/texts-reader.js";
import { createMemoryCodeReader } from "../../helpers/memory-code-reader.js";

describe("readerOverTexts: the texts an answer was made from, over a reader", () => {
  const disk = createMemoryCodeReader({
    "app.py": "def on_disk():\n    return 1\n",
    "other.py": "x = 1\n",
  });
  const reader = readerOverTexts(
    [{ path: "app.py", text: "def held():\n    return 2", blobSha: "b1" }],
    disk,
  );
  beforeEach(() => disk.reads.splice(0));

  it("serves a given file's text as held, not as the reader would read it now", async () => {
    await expect(reader.readFile("app.py")).resolves.toMatchObject({
      kind: "text",
      text: "def held():\n    return 2",
      blobSha: "b1",
      startLine: 1,
      endLine: 2,
      totalLines: 2,
      truncated: false,
    });
    expect(disk.reads).toEqual([]);
  });

  it("cuts a given file to the lines asked for, as a reader does", async () => {
    await expect(
      reader.readFile("app.py", { startLine: 2, endLine: 2 }),
    ).resolves.toMatchObject({ text: "    return 2", startLine: 2 });
  });

  it("reads any other path, and lists, through the reader", async () => {
    await expect(reader.readFile("other.py")).resolves.toMatchObject({
      text: "x = 1\n",
    });
    expect(disk.reads).toEqual(["other.py"]);
    const listed = (await reader.listTree()).entries.map((e) => e.path);
    expect(listed.sort()).toEqual(["app.py", "other.py"]);
  });
});
