import {
  applyLineEdits,
  lineEdits,
} from "../../../src/code-host/line-edits.js";

describe("lineEdits", () => {
  it("gives back the redacted lines exactly, keeping only what each changed line became between what it shares at both ends", () => {
    const raw = [
      'KEY = "s3cr3t-value"',
      "same",
      "-----BEGIN RSA PRIVATE KEY-----",
      "MIIEowIBAAKCAQEAx4fP9q8",
      'a = "aaaa"',
      "😀x😀",
    ];
    const redacted = [
      'KEY = "REDACTED_SECRET"',
      "same",
      "REDACTED_PRIVATE_KEY",
      "",
      'a = "aa"',
      "😀y😀",
    ];

    const edits = lineEdits(raw, redacted)!;

    expect(applyLineEdits(raw, edits)).toStrictEqual(redacted);
    expect(edits[0]).toStrictEqual({
      line: 0,
      start: 7,
      end: 19,
      text: "REDACTED_SECRET",
    });
    // A line whose ends overlap: the shared suffix does not run into the prefix.
    expect(edits[3]).toStrictEqual({ line: 4, start: 7, end: 9, text: "" });
    expect(edits.map((e) => e.line)).toStrictEqual([0, 2, 3, 4, 5]);
    expect(JSON.stringify(edits)).not.toContain("s3cr3t");
    expect(JSON.stringify(edits)).not.toContain("MIIEow");
  });

  it("gives none for an unchanged file, and no answer when lines were added", () => {
    expect(lineEdits(["a", "b"], ["a", "b"])).toStrictEqual([]);
    expect(lineEdits(["a"], ["a", "b"])).toBeUndefined();
  });
});
