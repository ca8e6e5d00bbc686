import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import {
  openKeptRedactions,
  redactionVersion,
} from "../../../src/cli/kept-redactions.js";
import { gitBlobSha } from "../../../src/code-host/github/git-blob-sha.js";
import { createFileSetReader } from "../../../src/code-host/file-set/file-set-reader.js";
import { createRedactingReader } from "../../../src/code-host/redacting-reader.js";
import { createRedactionMemo } from "../../../src/code-host/redaction-memo.js";
import { redactSecrets } from "../../../src/policy/redact-secrets.js";
import { createMemoryCommitSource } from "../../helpers/memory-file-source.js";
import { makeTempDir, removeDir } from "../../helpers/temp-repo.js";

const BLOB = "a".repeat(40);
const OTHER_BLOB = "b".repeat(40);

let dir: string;
let warnings: string[];
beforeEach(() => {
  dir = makeTempDir();
  warnings = [];
});
afterEach(() => removeDir(dir));

const open = (version = "rules-1", maxEntries?: number) =>
  openKeptRedactions(dir, {
    version,
    memo: createRedactionMemo({ maxBytes: 1024 * 1024 }),
    log: { warn: (line) => warnings.push(line) },
    ...(maxEntries ? { maxEntries } : {}),
  });
const keptFile = () => path.join(dir, "redactions-v2-rules-1.json");

describe("openKeptRedactions", () => {
  it("tells a later process which blobs at which paths hold no secret, and where the markers of the rest go", async () => {
    const first = open();
    const edits = [{ line: 0, start: 7, end: 24, text: "REDACTED_SECRET" }];
    first.memo.set(BLOB, "app.py", "unchanged");
    first.memo.set(OTHER_BLOB, "settings.py", edits);
    await first.save();

    const later = open();
    expect(later.memo.get(BLOB, "app.py")).toBe("unchanged");
    expect(later.memo.get(OTHER_BLOB, "settings.py")).toEqual(edits);
    // Another path is another redaction (rules read paths), another blob another text.
    expect(later.memo.get(BLOB, "other.py")).toBeUndefined();
    expect(later.memo.get(OTHER_BLOB, "app.py")).toBeUndefined();
  });

  it("keeps a file with too many edits to this process", async () => {
    const first = open();
    const edits = Array.from({ length: 65 }, (_, line) => ({
      line,
      start: 0,
      end: 1,
      text: "REDACTED_SECRET",
    }));
    first.memo.set(OTHER_BLOB, "keys.py", edits);
    first.memo.set(BLOB, "app.py", "unchanged");
    await first.save();

    expect(first.memo.get(OTHER_BLOB, "keys.py")).toEqual(edits);
    expect(open().memo.get(OTHER_BLOB, "keys.py")).toBeUndefined();
    expect(open().memo.get(BLOB, "app.py")).toBe("unchanged");
  });

  it("never reads what another version of the rules found", async () => {
    const first = open("rules-1");
    first.memo.set(BLOB, "app.py", "unchanged");
    await first.save();
    // Under this version's name, a file another version wrote: the whole version decides.
    writeFileSync(
      path.join(dir, "redactions-v2-rules-1.json"),
      readFileSync(keptFile(), "utf8").replace('"rules-1"', '"rules-1-next"'),
    );

    expect(open("rules-1").memo.get(BLOB, "app.py")).toBeUndefined();
    expect(open("rules-2").memo.get(BLOB, "app.py")).toBeUndefined();
    expect(warnings).toEqual([]);
  });

  it("keeps the most recently found once full", async () => {
    const first = open("rules-1", 2);
    for (const name of ["a.py", "b.py", "c.py"])
      first.memo.set(BLOB, name, "unchanged");
    await first.save();

    const later = open("rules-1", 2);
    expect(later.memo.get(BLOB, "a.py")).toBeUndefined();
    expect(later.memo.get(BLOB, "c.py")).toBe("unchanged");
  });

  it("counts each edit of a file with a secret against the bound", async () => {
    const first = open("rules-1", 3);
    const edit = { line: 0, start: 0, end: 1, text: "REDACTED_SECRET" };
    first.memo.set(BLOB, "a.py", "unchanged");
    first.memo.set(BLOB, "b.py", "unchanged");
    first.memo.set(OTHER_BLOB, "keys.py", [edit, edit]);
    await first.save();

    const later = open("rules-1", 3);
    expect(later.memo.get(BLOB, "a.py")).toBeUndefined();
    expect(later.memo.get(BLOB, "b.py")).toBeUndefined();
    expect(later.memo.get(OTHER_BLOB, "keys.py")).toEqual([edit, edit]);
  });

  it("starts afresh, with a warning, from a file it cannot read", () => {
    writeFileSync(keptFile(), "{ not json");

    expect(open().memo.get(BLOB, "app.py")).toBeUndefined();
    expect(warnings).toEqual([expect.stringContaining("not JSON")]);
  });

  it.each([
    ["an edit that is not four fields", [[`${BLOB} a.py`, [[0, 1, 2]]]]],
    ["a span that ends before it starts", [[`${BLOB} a.py`, [[0, 5, 2, "X"]]]]],
    ["a negative line", [[`${BLOB} a.py`, [[-1, 0, 2, "X"]]]]],
    ["a file with no edits", [[`${BLOB} a.py`, []]]],
    ["an entry that is not a pair", { [`${BLOB} a.py`]: "unchanged" }],
  ])("starts afresh, with a warning, from %s", (_, files) => {
    writeFileSync(
      keptFile(),
      JSON.stringify({
        version: "rules-1",
        files: [
          [`${BLOB} b.py`, "unchanged"],
          ...(Array.isArray(files) ? files : [files]),
        ],
      }),
    );

    expect(open().memo.get(BLOB, "b.py")).toBeUndefined();
    expect(warnings).toEqual([expect.stringContaining("not a list of files")]);
  });
});

describe("a file with a secret, across processes", () => {
  const TOKEN = "ghp_" + "k3Ep7aB9xQ2mZ8vL4nR6tY1wC5sD0fGhJiUo";
  const PASSWORD = "hunter2-correct-horse";
  const SETTINGS = [
    "DEBUG = True",
    `PASSWORD = "${PASSWORD}"  # rotate yearly`,
    `TOKENS = ["${TOKEN}", "${TOKEN}"]`,
    "-----BEGIN RSA PRIVATE KEY-----",
    "MIIEowIBAAKCAQEAx4fP9q8",
    "-----END RSA PRIVATE KEY-----",
    "ok = 1",
  ].join("\n");

  /** A new process: a new memo over the same cache directory, its rules counted. */
  function session(files: Record<string, string>) {
    const kept = open();
    const redacted: string[] = [];
    const reader = createRedactingReader(
      createFileSetReader({
        sha: "c".repeat(40),
        source: createMemoryCommitSource(files),
      }),
      {
        redactions: kept.memo,
        redact: (text, options) => {
          redacted.push(text);
          return redactSecrets(text, options);
        },
      },
    );
    const read = async (path: string) => {
      const file = await reader.readFile(path);
      return file.kind === "text" ? file.text : file.kind;
    };
    return { kept, redacted, read };
  }

  it("is shown the same in a new process without running the rules, and its secrets are not kept", async () => {
    const first = session({ "settings.py": SETTINGS });
    const shown = await first.read("settings.py");
    await first.kept.save();
    expect(first.redacted).toHaveLength(1);
    expect(shown).not.toContain(PASSWORD);
    expect(shown).not.toContain(TOKEN);
    expect(shown).not.toContain("MIIEow");
    expect(shown).toContain("# rotate yearly");

    const later = session({ "settings.py": SETTINGS });
    expect(await later.read("settings.py")).toBe(shown);
    expect(later.redacted).toEqual([]);
    const onDisk = readFileSync(keptFile(), "utf8");
    for (const secret of [PASSWORD, TOKEN, "MIIEow", "k3Ep7a", "hunter2"])
      expect(onDisk).not.toContain(secret);
    // Nor the text beside a secret: the line is read again from the file.
    expect(onDisk).not.toContain("rotate yearly");
  });

  it("redacts a changed blob afresh", async () => {
    const first = session({ "settings.py": SETTINGS });
    await first.read("settings.py");
    await first.kept.save();

    const changed = SETTINGS.replace(PASSWORD, "another-long-password-1");
    const later = session({ "settings.py": changed });
    const shown = await later.read("settings.py");

    expect(later.redacted).toEqual([changed]);
    expect(shown).not.toContain("another-long-password-1");
    expect(
      later.kept.memo.get(gitBlobSha(Buffer.from(changed)), "settings.py"),
    ).toBeDefined();
  });
});

describe("redactionVersion", () => {
  it("keeps nothing without a build id, and changes with it", () => {
    expect(redactionVersion(undefined)).toBeUndefined();
    expect(redactionVersion("1".repeat(64))).toMatch(/^[0-9a-f]{64}$/);
    expect(redactionVersion("1".repeat(64))).not.toBe(
      redactionVersion("2".repeat(64)),
    );
  });
});
