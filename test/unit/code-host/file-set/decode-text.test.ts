import { decodeText } from "../../../../src/code-host/file-set/decode-text.js";

describe("decodeText", () => {
  it("decodes UTF-8 text and drops a byte order mark", () => {
    expect(decodeText(Buffer.from("héllo\n"))).toBe("héllo\n");
    expect(decodeText(Buffer.from("\uFEFFx = 1\n"))).toBe("x = 1\n");
  });

  it("calls bytes with a NUL in the first 8 KB binary", () => {
    expect(
      decodeText(
        Buffer.from([
          0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00,
        ]),
      ),
    ).toBeUndefined();
    expect(
      decodeText(
        Buffer.concat([Buffer.from("a".repeat(100)), Buffer.from([0])]),
      ),
    ).toBeUndefined();
  });

  it("calls mostly invalid UTF-8 binary", () => {
    const noise = Buffer.from(
      Array.from({ length: 200 }, (_, i) => 0x80 + (i % 0x40)),
    );
    expect(decodeText(noise)).toBeUndefined();
  });

  it("keeps text with a few stray Latin-1 bytes, replacing them", () => {
    const latin1 = Buffer.concat([
      Buffer.from("// caf"),
      Buffer.from([0xe9]),
      Buffer.from(" au lait\n".repeat(20)),
    ]);
    expect(decodeText(latin1)).toMatch(/^\/\/ caf\uFFFD au lait/);
  });

  it("reads text whose multi-byte characters straddle the 8 KB sniff boundary", () => {
    const text = "a".repeat(8191) + "é".repeat(10);
    expect(decodeText(Buffer.from(text))).toBe(text);
  });
});
