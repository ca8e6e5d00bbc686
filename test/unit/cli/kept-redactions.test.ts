import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import {
  openKeptRedactions,
  redactionVersion,
} from "../../../src/cli/kept-redactions.js";
import { createRedactionMemo } from "../../../src/code-host/redaction-memo.js";
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
const keptFile = () => path.join(dir, "redactions-v1-rules-1.json");

describe("openKeptRedactions", () => {
  it("tells a later process which blobs at which paths hold no secret", async () => {
    const first = open();
    first.memo.set(BLOB, "app.py", "unchanged");
    first.memo.set(OTHER_BLOB, "settings.py", ['KEY = "REDACTED_SECRET"']);
    await first.save();

    const later = open();
    expect(later.memo.get(BLOB, "app.py")).toBe("unchanged");
    // Another path is another redaction (rules read paths), another blob another text.
    expect(later.memo.get(BLOB, "other.py")).toBeUndefined();
    expect(later.memo.get(OTHER_BLOB, "app.py")).toBeUndefined();
    // What a file with a secret became is this process's alone.
    expect(later.memo.get(OTHER_BLOB, "settings.py")).toBeUndefined();
    expect(first.memo.get(OTHER_BLOB, "settings.py")).toEqual([
      'KEY = "REDACTED_SECRET"',
    ]);
    expect(readFileSync(keptFile(), "utf8")).not.toContain("REDACTED");
  });

  it("never reads what another version of the rules found", async () => {
    const first = open("rules-1");
    first.memo.set(BLOB, "app.py", "unchanged");
    await first.save();
    // Under this version's name, a file another version wrote: the whole version decides.
    writeFileSync(
      path.join(dir, "redactions-v1-rules-1.json"),
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

  it("starts afresh, with a warning, from a file it cannot read", () => {
    writeFileSync(keptFile(), "{ not json");

    expect(open().memo.get(BLOB, "app.py")).toBeUndefined();
    expect(warnings).toEqual([expect.stringContaining("not JSON")]);
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
