import { createRedactingReader } from "../../../src/code-host/redacting-reader.js";
import { redactShownText } from "../../../src/mcp/redact-shown-text.js";
import { FAKE } from "../../helpers/fake-secrets.js";
import { createMemoryCodeReader } from "../../helpers/memory-code-reader.js";

const CONFIG = [
  "class Settings:",
  `    api_key = "${FAKE.stripeSecret}"`,
  "    region = 'eu'",
].join("\n");

function readers(files: Record<string, string>) {
  const reader = createMemoryCodeReader(files);
  return { reader, redacting: createRedactingReader(reader) };
}

describe("redactShownText", () => {
  it("redacts a line of a shown file wherever it is shown: in an excerpt, indented in a context, trimmed to a signature", async () => {
    const text = [
      `   2 │     api_key = "${FAKE.stripeSecret}"`,
      "```python",
      `    api_key = "${FAKE.stripeSecret}"`,
      "```",
      `- config.py:2: api_key = "${FAKE.stripeSecret}"`,
    ].join("\n");
    const out = await redactShownText(
      text,
      ["config.py"],
      readers({ "config.py": CONFIG }),
    );
    expect(out).not.toContain(FAKE.stripeSecret);
    expect(out.split("\n")).toEqual([
      expect.stringMatching(/^ {3}2 │ {5}api_key = "REDACTED[A-Z_]*"$/),
      "```python",
      expect.stringMatching(/^ {4}api_key = "REDACTED[A-Z_]*"$/),
      "```",
      expect.stringMatching(/^- config\.py:2: api_key = "REDACTED[A-Z_]*"$/),
    ]);
  });

  it("redacts part of such a line, found by what stands beside the secret", async () => {
    const out = await redactShownText(
      `key = "${FAKE.stripeSecret}…`,
      ["config.py"],
      readers({ "config.py": CONFIG }),
    );
    expect(out).not.toContain(FAKE.stripeSecret);
  });

  it("changes nothing else: neither other lines, nor the same words elsewhere, nor files it was not told of", async () => {
    const text = [
      "    region = 'eu'",
      `the key ${FAKE.stripeSecret} quoted in prose, away from its line`,
    ].join("\n");
    const out = await redactShownText(
      text,
      ["config.py"],
      readers({ "config.py": CONFIG }),
    );
    // Not a line of config.py, and without what stood beside the key there.
    expect(out).toBe(text);
    expect(
      await redactShownText(
        CONFIG,
        ["other.py"],
        readers({ "config.py": CONFIG, "other.py": "x = 1\n" }),
      ),
    ).toBe(CONFIG);
  });
});
