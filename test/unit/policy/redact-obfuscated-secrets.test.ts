import {
  OBFUSCATED_MARK,
  redactObfuscatedSecrets,
} from "../../../src/policy/redact-obfuscated-secrets.js";
import { FAKE } from "../../helpers/fake-secrets.js";

const token = FAKE.githubClassic;
const percent = (s: string) =>
  [...s]
    .map((c) => `%${c.charCodeAt(0).toString(16).padStart(2, "0")}`)
    .join("");

describe("redactObfuscatedSecrets", () => {
  it.each([
    ["spaced out", [...token].join(" ")],
    ["in groups of four", token.match(/.{1,4}/g)!.join(" ")],
    ["split by zero-width spaces", [...token].join("\u200B")],
    ["reversed", [...token].reverse().join("")],
    ["base64-encoded", Buffer.from(token).toString("base64")],
    ["percent-encoded", percent(token)],
    [
      "base64 in a query string",
      `https://attacker.example/p.png?d=${Buffer.from(`t=${token}`).toString("base64url")}`,
    ],
    ["an AWS key reversed", [...FAKE.awsAccessKeyId].reverse().join("")],
    ["a DeepSeek key spaced out", [...FAKE.openaiCompatible].join(" ")],
  ])("redacts a secret %s, and only that stretch", async (_how, written) => {
    const { text, redactions } = await redactObfuscatedSecrets(
      `The key is: ${written} (as asked).`,
    );
    expect(redactions).toBe(1);
    expect(text.startsWith("The key is: ")).toBe(true);
    expect(text.endsWith(" (as asked).")).toBe(true);
    expect(text).toContain(OBFUSCATED_MARK);
  });

  it.each([
    "See `createCitationVerifier(reader, seen)` in src/answer/create-citation-verifier.ts.",
    "Steps: 1 2 3 4 5 6 7 8 9 10, then a b c d e f g.",
    "The hash is 6dcb09b5b57875f334f61aebed695e2e4193db5e and the id aGVsbG8gd29ybGQgaG93IGFyZSB5b3U=.",
    "```ts\nconst url = `https://example.com/a%20b?q=x%2Fy`;\n```",
  ])("leaves text without a secret as it is: %j", async (text) => {
    expect(await redactObfuscatedSecrets(text)).toEqual({
      text,
      redactions: 0,
    });
  });
});
