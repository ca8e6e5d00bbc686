import { gitBlobSha } from "../../../src/code-host/github/git-blob-sha.js";
import {
  compareCitedFile,
  type HeadFiles,
} from "../../../src/watch/compare-cited-file.js";

const lines = (count: number, change: (l: string[]) => void = () => {}) => {
  const all = Array.from({ length: count }, (_, i) => `line ${i + 1}`);
  change(all);
  return `${all.join("\n")}\n`;
};
const sha = (text: string) => gitBlobSha(Buffer.from(text));
const CITED = lines(40);

/**
 * A head holding `files` (path to text), and the blobs of every text it or
 * the answer has, recording each read.
 */
function head(files: Record<string, string>) {
  const reads: string[] = [];
  const blobs = new Map(
    [CITED, ...Object.values(files)].map((t) => [sha(t), t]),
  );
  const headFiles: HeadFiles = {
    at: async (path) => {
      reads.push(`at ${path}`);
      const text = files[path];
      if (text === undefined) return undefined;
      return {
        blob: sha(text),
        text: async () => {
          reads.push(`text ${path}`);
          return text;
        },
      };
    },
    blob: async (blobSha) => {
      reads.push(`blob ${blobSha.slice(0, 7)}`);
      return blobs.get(blobSha);
    },
  };
  return { headFiles, reads };
}

const file = {
  path: "src/upload.py",
  blob: sha(CITED),
  ranges: [
    [10, 12],
    [30, 31],
  ] as const,
};

describe("compareCitedFile", () => {
  it("settles a file whose blob is the one cited with one read", async () => {
    const { headFiles, reads } = head({ "src/upload.py": CITED });
    expect(await compareCitedFile(file, headFiles)).toStrictEqual({
      places: [],
      blob: file.blob,
    });
    expect(reads).toStrictEqual(["at src/upload.py"]);
  });

  it("diffs the two texts when the blob differs: lines moved, lines changed", async () => {
    const now = lines(40, (l) => {
      l.splice(1, 0, "added near the top");
      l[30] = "line 30, edited";
    });
    const { headFiles, reads } = head({ "src/upload.py": now });
    expect(await compareCitedFile(file, headFiles)).toStrictEqual({
      places: [
        {
          path: "src/upload.py",
          range: [10, 12],
          fate: "moved",
          now: { path: "src/upload.py", range: [11, 13] },
        },
        { path: "src/upload.py", range: [30, 31], fate: "changed" },
      ],
      blob: sha(now),
    });
    expect(reads).toStrictEqual([
      "at src/upload.py",
      "text src/upload.py",
      `blob ${file.blob.slice(0, 7)}`,
    ]);
  });

  it("keeps a file changed away from its cited lines, tracked at its new blob", async () => {
    const now = lines(40, (l) => (l[20] = "line 21, edited"));
    const { headFiles } = head({ "src/upload.py": now });
    expect(await compareCitedFile(file, headFiles)).toStrictEqual({
      places: [],
      blob: sha(now),
    });
  });

  it("follows a file to its new path, and says a file gone from the head was deleted", async () => {
    const { headFiles } = head({ "src/uploads.py": CITED });
    expect(
      await compareCitedFile(file, headFiles, "src/uploads.py"),
    ).toMatchObject({
      places: [
        { range: [10, 12], fate: "moved", now: { path: "src/uploads.py" } },
        { range: [30, 31], fate: "moved", now: { path: "src/uploads.py" } },
      ],
    });
    expect(await compareCitedFile(file, headFiles)).toStrictEqual({
      places: [
        { path: "src/upload.py", range: [10, 12], fate: "deleted" },
        { path: "src/upload.py", range: [30, 31], fate: "deleted" },
      ],
      blob: file.blob,
    });
  });

  it("counts every cited range changed when the cited blob is gone, and a whole-file citation without reading a text", async () => {
    const now = lines(41);
    const { headFiles, reads } = head({ "src/upload.py": now });
    const gone = { ...file, blob: "0".repeat(40) };
    expect(await compareCitedFile(gone, headFiles)).toMatchObject({
      places: [{ fate: "changed" }, { fate: "changed" }],
    });
    reads.length = 0;
    expect(
      await compareCitedFile({ ...file, ranges: [] }, headFiles),
    ).toStrictEqual({
      places: [{ path: "src/upload.py", fate: "changed" }],
      blob: sha(now),
    });
    expect(reads).toStrictEqual(["at src/upload.py"]);
  });
});
