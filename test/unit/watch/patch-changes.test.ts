import { rangeFate, readPatch } from "../../../src/watch/patch-changes.js";

// A GitHub compare `patch` for src/upload.py: line 3 changed, two lines
// added after line 12, line 20 removed.
const PATCH = [
  "@@ -1,6 +1,6 @@",
  " import time",
  " ",
  "-MAX_ATTEMPTS = 5",
  "+MAX_ATTEMPTS = 7",
  " ",
  " ",
  " def should_give_up(attempt, status):",
  "@@ -10,6 +10,8 @@ def should_give_up(attempt, status):",
  "     return 400 <= status < 500",
  " ",
  " ",
  "+# Uploads retry with a backoff.",
  "+",
  " def upload(send, body):",
  "     attempt = 0",
  "     while True:",
  "@@ -18,4 +20,3 @@ def upload(send, body):",
  "             return status",
  "         attempt += 1",
  "-        time.sleep(2 ** attempt)",
  " ",
  "\\ No newline at end of file",
].join("\n");

describe("readPatch", () => {
  it("reads the base lines removed and where lines were added, context being neither", () => {
    expect(readPatch(PATCH)).toStrictEqual({
      removed: [3, 20],
      insertedBefore: [4, 13, 13],
    });
  });

  it("reads a file that was empty at the base as lines added before its line 1", () => {
    expect(readPatch("@@ -0,0 +1,2 @@\n+a\n+b")).toStrictEqual({
      removed: [],
      insertedBefore: [1, 1],
    });
  });
});

describe("rangeFate", () => {
  const changes = readPatch(PATCH);

  it("finds a range whose line was replaced changed", () => {
    expect(rangeFate([1, 4], changes)).toStrictEqual({ fate: "changed" });
    expect(rangeFate([18, 21], changes)).toStrictEqual({ fate: "changed" });
  });

  it("finds lines added inside a range a change, and lines added just after it none", () => {
    expect(rangeFate([12, 14], changes)).toStrictEqual({ fate: "changed" });
    expect(rangeFate([6, 10], changes)).toStrictEqual({ fate: "same" });
  });

  it("moves a range below lines added, to where it is now", () => {
    expect(rangeFate([13, 17], changes)).toStrictEqual({
      fate: "moved",
      to: [15, 19],
    });
  });

  it("leaves a range with nothing added or removed above it where it was", () => {
    expect(
      rangeFate([6, 9], { removed: [30], insertedBefore: [40] }),
    ).toStrictEqual({
      fate: "same",
    });
  });
});
