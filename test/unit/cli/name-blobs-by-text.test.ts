import { gitBlobSha } from "../../../src/code-host/github/git-blob-sha.js";
import { nameBlobsByText } from "../../../src/cli/name-blobs-by-text.js";
import { createFileSetReader } from "../../../src/code-host/file-set/file-set-reader.js";
import { createMemoryFileSource } from "../../helpers/memory-file-source.js";

const TEXT = "def a():\n    return 1\n\ndef b():\n    return 2\n";

describe("nameBlobsByText", () => {
  // A working tree's source names no blob, as a directory on disk does not.
  const reader = () =>
    nameBlobsByText(
      createFileSetReader({
        sha: "working-tree",
        source: createMemoryFileSource({ "a.py": TEXT }),
      }),
    );

  it("names a whole text file by the git blob SHA of its text as read", async () => {
    const file = await reader().readFile("a.py");
    expect(file.kind === "text" && file.blobSha).toBe(
      gitBlobSha(Buffer.from(file.kind === "text" ? file.text : "", "utf8")),
    );
  });

  it("leaves a range unnamed: its text is not the file's", async () => {
    const file = await reader().readFile("a.py", { startLine: 2, endLine: 3 });
    expect(file.kind).toBe("text");
    expect(file.kind === "text" && file.blobSha).toBeUndefined();
  });
});
