import { readFileSync } from "node:fs";
import { redactSecrets } from "../../../src/policy/redact-secrets.js";

interface Case {
  case: string;
  text: string;
  /** The file the text is from, when its syntax matters. */
  path?: string;
  /** Exactly what must be replaced by a marker. */
  secrets?: string[];
}

// The corpus and what each case attacks: test/fixtures/secrets/README.md.
const corpus = JSON.parse(
  readFileSync(
    new URL("../../fixtures/secrets/assignments.json", import.meta.url),
    "utf8",
  ),
) as { redacted: Case[]; kept: Case[] };

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** The input with each secret, and nothing else, replaced by a marker. */
function expectedShape(c: Case): RegExp {
  let pattern = escape(c.text);
  for (const secret of c.secrets ?? [])
    pattern = pattern.replaceAll(
      escape(secret),
      String.raw`REDACTED_[A-Z0-9_]+`,
    );
  return new RegExp(`^${pattern}$`);
}

describe("redactSecrets on values given to secret-named keys", () => {
  it.each(corpus.redacted.map((c) => [c.case, c] as const))(
    "redacts %s",
    async (_name, c) => {
      const { text, redactions } = await redactSecrets(c.text, {
        ...(c.path ? { path: c.path } : {}),
      });
      expect(text).toMatch(expectedShape(c));
      for (const secret of c.secrets ?? []) expect(text).not.toContain(secret);
      expect(redactions).toBeGreaterThanOrEqual(c.secrets!.length);
    },
  );

  it.each(corpus.kept.map((c) => [c.case, c] as const))(
    "keeps %s",
    async (_name, c) => {
      expect(
        await redactSecrets(c.text, { ...(c.path ? { path: c.path } : {}) }),
      ).toEqual({ text: c.text, redactions: 0 });
    },
  );

  it("takes an unquoted plain word for a value only in a config file", async () => {
    const line = "password = swordfish";
    expect((await redactSecrets(line)).text).toBe(line);
    expect((await redactSecrets(line, { path: "conf/app.ini" })).text).toBe(
      "password = REDACTED_SECRET",
    );
  });

  it("keeps every line of a multi-line secret when asked to", async () => {
    const key = [
      "-----BEGIN PRIVATE KEY-----",
      "MIIEvQIBADANBgkqhkiG9w0BAQEFAASCBKcwggSjAgEAAoIBAQC7",
      "-----END PRIVATE KEY-----",
    ].join("\n");
    const text = `a = 1\n${key}\nb = 2`;
    const kept = await redactSecrets(text, { keepLines: true });
    expect(kept.text).toBe("a = 1\nREDACTED_PRIVATE_KEY\n\n\nb = 2");
    expect(kept.text.split("\n")).toHaveLength(text.split("\n").length);
    expect((await redactSecrets(text)).text).toBe(
      "a = 1\nREDACTED_PRIVATE_KEY\nb = 2",
    );
  });

  it("redacts every piece of a token split across joined literals", async () => {
    const { text, redactions } = await redactSecrets(
      `const t = 'ghp_' + 'R8x2Lk9Qw3Zt7Vb1' + 'Nm5Jc4Hd6Fg0Ys2Pa8Ue';`,
    );
    expect(text).toBe(
      "const t = 'REDACTED_GITHUB_TOKEN' + 'REDACTED_GITHUB_TOKEN' + 'REDACTED_GITHUB_TOKEN';",
    );
    expect(redactions).toBe(3);
  });
});
