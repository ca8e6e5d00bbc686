import {
  keyDigest,
  tokenCountKey,
} from "../../../src/tokens/token-count-key.js";

describe("tokenCountKey", () => {
  it("keys a short text by itself", () => {
    expect(tokenCountKey("o200k_base", "hello")).toBe("o200k_base=hello");
  });

  it("keys a long text by its SHA-1 in base64, the key counts kept on disk were written under", () => {
    const text =
      "def retry(times):\n    return min(times, 3)  # café ✓ 😀\n".repeat(2);

    const key = tokenCountKey("o200k_base", text);

    // `printf %s "$text" | openssl sha1 -binary | base64`
    expect(key).toBe("o200k_base:TAcHIKlU8GkQ7OE/Y1CNWPJgXcA=");
    expect(keyDigest(key, "o200k_base")?.toString("base64")).toBe(
      "TAcHIKlU8GkQ7OE/Y1CNWPJgXcA=",
    );
  });
});
