import { gitBlobSha } from "../../../src/code-host/github/git-blob-sha.js";
import { createFileSetReader } from "../../../src/code-host/file-set/file-set-reader.js";
import { createRedactingReader } from "../../../src/code-host/redacting-reader.js";
import {
  createRedactionMemo,
  type RedactionMemo,
} from "../../../src/code-host/redaction-memo.js";
import { createMemoryCommitSource } from "../../helpers/memory-file-source.js";

const SETTINGS = 'DEBUG = True\nPASSWORD = "hunter2-correct-horse"\n';
const APP = "def main():\n    return 1\n";

const blobSha = (text: string) => gitBlobSha(Buffer.from(text));

function reader(files: Record<string, string>, redactions: RedactionMemo) {
  return createRedactingReader(
    createFileSetReader({
      sha: "a".repeat(40),
      source: createMemoryCommitSource(files),
    }),
    { redactions },
  );
}

async function text(
  files: Record<string, string>,
  path: string,
  redactions: RedactionMemo,
) {
  const file = await reader(files, redactions).readFile(path);
  return file.kind === "text" ? file.text : file.kind;
}

describe("the redaction memo", () => {
  it("remembers a clean file as unchanged and a secret file by the edits that redact it", async () => {
    const redactions = createRedactionMemo({ maxBytes: 1 << 20 });
    const files = { "settings.py": SETTINGS, "app.py": APP };

    expect(await text(files, "app.py", redactions)).toBe(APP.trimEnd());
    const redacted = await text(files, "settings.py", redactions);
    expect(redacted).not.toContain("hunter2");

    expect(redactions.get(blobSha(APP), "app.py")).toBe("unchanged");
    // Where the marker goes, not the line around it.
    expect(redactions.get(blobSha(SETTINGS), "settings.py")).toStrictEqual([
      { line: 1, start: 12, end: 33, text: "REDACTED_SECRET" },
    ]);
  });

  it("serves the next commit's unchanged blobs from the memo, without redacting them again", async () => {
    const redactions = createRedactionMemo({ maxBytes: 1 << 20 });
    await text({ "settings.py": SETTINGS }, "settings.py", redactions);
    // What the memo says is what the reader serves: a stand-in answer for
    // the blob shows that redaction did not run again.
    redactions.set(blobSha(SETTINGS), "settings.py", [
      { line: 1, start: 12, end: 33, text: "[remembered]" },
    ]);

    expect(
      await text(
        { "settings.py": SETTINGS, "new.py": APP },
        "settings.py",
        redactions,
      ),
    ).toBe('DEBUG = True\nPASSWORD = "[remembered]"');
  });

  it("serves a whole clean file it remembers with one read, not two", async () => {
    const redactions = createRedactionMemo({ maxBytes: 1 << 20 });
    await text({ "app.py": APP }, "app.py", redactions);
    const files = createFileSetReader({
      sha: "b".repeat(40),
      source: createMemoryCommitSource({ "app.py": APP }),
    });
    let reads = 0;
    const counted = {
      ...files,
      readFile: (...args: Parameters<typeof files.readFile>) => {
        reads += 1;
        return files.readFile(...args);
      },
    };

    const file = await createRedactingReader(counted, {
      redactions,
    }).readFile("app.py");

    expect(file.kind === "text" && file.text).toBe(APP.trimEnd());
    expect(reads).toBe(1);
  });

  it("keys by path too: the same blob at another path is redacted on its own", async () => {
    const redactions = createRedactionMemo({ maxBytes: 1 << 20 });
    redactions.set(blobSha(SETTINGS), "settings.py", "unchanged");

    const elsewhere = await text(
      { "config/settings.py": SETTINGS },
      "config/settings.py",
      redactions,
    );

    expect(elsewhere).not.toContain("hunter2");
  });
});
