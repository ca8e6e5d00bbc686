import { createFileSetReader } from "../../../../src/code-host/file-set/file-set-reader.js";
import type { FileSourceEntry } from "../../../../src/code-host/file-set/file-source.js";
import { decodedBytes } from "../../../../src/code-host/file-set/file-set-reader.js";
import { createStampedValues } from "../../../../src/code-host/file-set/stamped-values.js";

const NOW = 1_800_000_000_000;
const RACY_MS = 2000;
const stamp = (key: string, changedAtMs: number) => ({ key, changedAtMs });

/** A directory's files as a source, counting the reads, editable between readers. */
function countingSource(
  files: Record<string, { text: string; changedAtMs: number }>,
) {
  const reads: string[] = [];
  return {
    reads,
    files,
    source: {
      label: "directory:/repo",
      listFiles: async (): Promise<FileSourceEntry[]> =>
        Object.entries(files).map(([path, f]) => ({
          path,
          type: "file",
          size: f.text.length,
          stamp: stamp(`${f.text.length}:${f.changedAtMs}`, f.changedAtMs),
        })),
      readBytes: async (path: string) => {
        reads.push(path);
        const file = files[path];
        return file && Buffer.from(file.text, "utf8");
      },
    },
  };
}

describe("createStampedValues: a file read by an earlier reader of the same directory", () => {
  const texts = () =>
    createStampedValues({
      maxBytes: 1024 * 1024,
      sizeOf: decodedBytes,
      racyMs: RACY_MS,
      now: () => NOW,
    });
  const textOf = async (
    reader: ReturnType<typeof createFileSetReader>,
    path: string,
  ) => {
    const read = await reader.readFile(path);
    return read.kind === "text" ? read.text : read.kind;
  };

  it("is not read again while its stamp is unchanged, and is read again once edited", async () => {
    const dir = countingSource({
      "a.py": { text: "def a():\n    return 1\n", changedAtMs: NOW - 60_000 },
      "b.py": { text: "def b():\n    return 2\n", changedAtMs: NOW - 60_000 },
    });
    const stampedTexts = texts();
    const open = () =>
      createFileSetReader({
        sha: "working-tree",
        source: dir.source,
        stampedTexts,
      });
    expect(await textOf(open(), "a.py")).toContain("return 1");
    expect(await textOf(open(), "a.py")).toContain("return 1");
    expect(dir.reads).toEqual(["a.py"]);

    dir.files["a.py"] = {
      text: "def a():\n    return 10\n",
      changedAtMs: NOW - 30_000,
    };
    expect(await textOf(open(), "a.py")).toContain("return 10");
    expect(dir.reads).toEqual(["a.py", "a.py"]);
  });

  it("reads a file changed within the racy window every time", async () => {
    const dir = countingSource({
      "a.py": {
        text: "def a():\n    return 1\n",
        changedAtMs: NOW - RACY_MS / 2,
      },
    });
    const stampedTexts = texts();
    for (let i = 0; i < 2; i++)
      await textOf(
        createFileSetReader({
          sha: "working-tree",
          source: dir.source,
          stampedTexts,
        }),
        "a.py",
      );
    expect(dir.reads).toEqual(["a.py", "a.py"]);
  });

  it("names a wrong bound", () => {
    expect(() =>
      createStampedValues({
        maxBytes: 0.5,
        sizeOf: decodedBytes,
        racyMs: RACY_MS,
      }),
    ).toThrow(/maxBytes/);
  });
});
