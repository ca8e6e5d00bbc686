import { readFileSync } from "node:fs";
import type { OwnSecret } from "../../../src/policy/find-own-secrets.js";
import { securePostedText } from "../../../src/policy/secure-posted-text.js";
import { shiftLetters } from "../../../src/policy/shift-letters.js";
import { FAKE } from "../../helpers/fake-secrets.js";

// test/fixtures/secrets/posted.json: what a model's answer may carry that
// the posted-answer filter must catch, and near misses it must leave.
// `{{form:shape}}` placeholders are written out here, so no token is
// written in the repository (test/fixtures/secrets/README.md).
interface Case {
  case: string;
  text: string;
}
const { redacted, kept } = JSON.parse(
  readFileSync(
    new URL("../../fixtures/secrets/posted.json", import.meta.url),
    "utf8",
  ),
) as { redacted: Case[]; kept: Case[] };

const OWN = {
  webhookSecret: "whsec-R4nd0m-Hook-Value-93kQ",
  modelKey: "local-llm-key-7f3Kq9Zx2Lp",
  redisPassword: "r3dis-Pa55w0rd!",
};
const OWN_SECRETS: OwnSecret[] = [
  { label: "webhook secret", value: OWN.webhookSecret },
  { label: "model API key", value: OWN.modelKey },
  { label: "Redis password", value: OWN.redisPassword },
  {
    label: "private key",
    value: [
      "-----BEGIN RSA PRIVATE KEY-----",
      ...FAKE.privateKeyBody,
      "-----END RSA PRIVATE KEY-----",
    ].join("\n"),
  },
  // Too short to tell from a word: looked for nowhere.
  { label: "webhook secret", value: "develop" },
];

// Each shape a length or format the preset's exact rules do not take.
const SHAPES: Record<string, string> = {
  githubClassic: FAKE.githubClassic,
  github35: FAKE.githubClassic.slice(0, -1),
  github37: FAKE.githubClassic + "Q",
  github39: FAKE.githubClassic + "Q7z",
  githubOauth40: "gho_" + FAKE.githubClassic.slice(4) + "Zk4w",
  gitlab24: FAKE.gitlab + "Xy7q",
  slackLonger: FAKE.slackBot + "Ab3d",
  awsKeyId20: FAKE.awsAccessKeyId + "Q7ZK",
  openaiCompatible: FAKE.openaiCompatible,
  openaiCompatible40: FAKE.openaiCompatible + "a1b2c3d4",
  ownWebhookSecret: OWN.webhookSecret,
  ownModelKey: OWN.modelKey,
  ownRedisPassword: OWN.redisPassword,
  ownPrivateKeyLine: FAKE.privateKeyBody[1]!,
  passwdRoot: "root:x:0:0:root:/root:/bin/bash",
  shadowRoot: `root:$6$${FAKE.value.slice(0, 8)}$${FAKE.awsSecretKey}:19000:0:99999:7:::`,
};
// Where a joined form splits a shape: after its provider's prefix, or its fifth character.
const split = (s: string): [string, string] => {
  const at = /^(?:gh[pousr]_|glpat-|sk-|xoxb-|AKIA)/.exec(s)?.[0].length ?? 5;
  return [s.slice(0, at), s.slice(at)];
};
const FORMS: Record<string, (s: string) => string> = {
  raw: (s) => s,
  base64: (s) => Buffer.from(s).toString("base64"),
  base64url: (s) => Buffer.from(s).toString("base64url"),
  spaced: (s) => [...s].join(" "),
  grouped: (s) => s.match(/.{1,4}/g)!.join(" "),
  reversed: (s) => [...s].reverse().join(""),
  concat: (s) =>
    split(s)
      .map((p) => JSON.stringify(p))
      .join(" + "),
  adjacent: (s) =>
    split(s)
      .map((p) => JSON.stringify(p))
      .join(" "),
  template: (s) => `\`\${${JSON.stringify(split(s)[0])}}${split(s)[1]}\``,
  // The shapes of issue 34, which the second wall reads back.
  hex: (s) => Buffer.from(s).toString("hex"),
  rot13: (s) => shiftLetters(s, 13),
  dashed: (s) => [...s].join("-"),
  codeSpanLiteral: (s) =>
    `\`${split(s)
      .map((p) => JSON.stringify(p))
      .join(" + ")}\``,
  lines: (s) => `\n${s.slice(0, 18)}\n${s.slice(18)}\n`,
  bare: (s) => {
    const [prefix, body] = split(s);
    return `${prefix} + ${body.slice(0, 12)} + ${body.slice(12)}`;
  },
};

function written(text: string): {
  text: string;
  secrets: string[];
  fragments: string[];
} {
  const secrets: string[] = [];
  // What a reader could join back: each run of 8 letters and digits written.
  const fragments: string[] = [];
  const out = text.replace(
    /\{\{(\w+):(\w+)\}\}/g,
    (_m, form: string, shape: string) => {
      const secret = SHAPES[shape];
      const write = FORMS[form];
      if (!secret || !write)
        throw new Error(`unknown placeholder {{${form}:${shape}}}`);
      secrets.push(secret);
      const shaped = write(secret);
      fragments.push(...(shaped.match(/[A-Za-z0-9]{8,}/g) ?? []));
      return shaped;
    },
  );
  return { text: out, secrets, fragments };
}

describe("the posted-answer filter (test/fixtures/secrets/posted.json)", () => {
  it.each(redacted.map((c) => [c.case, c.text] as const))(
    "redacts %s, and nothing around it",
    async (_case, template) => {
      const { text, secrets, fragments } = written(template);
      const posted = (await securePostedText(text, { ownSecrets: OWN_SECRETS }))
        .text;
      for (const secret of secrets) {
        expect(posted).not.toContain(secret);
        expect(posted).not.toContain(split(secret)[1]);
      }
      expect(fragments.filter((f) => posted.includes(f))).toStrictEqual([]);
      expect(posted).toMatch(/REDACTED_[A-Z0-9_]+/);
      // The words around the placeholder stay as they were.
      const [before, after] = template.split(/\{\{\w+:\w+\}\}/) as [
        string,
        string,
      ];
      expect(posted.startsWith(before.replace(/\{\{.*$/, ""))).toBe(true);
      expect(posted.endsWith(after)).toBe(true);
    },
  );

  it.each(kept.map((c) => [c.case, c.text] as const))(
    "keeps %s as it is",
    async (_case, text) => {
      expect(await securePostedText(text, { ownSecrets: OWN_SECRETS })).toEqual(
        { text, redactions: 0 },
      );
    },
  );

  it("names what askcode's own secrets were, and never says their value", async () => {
    const { text } = await securePostedText(
      `hook ${OWN.webhookSecret}, model ${OWN.modelKey}, redis ${OWN.redisPassword}`,
      { ownSecrets: OWN_SECRETS },
    );
    expect(text).toBe(
      "hook REDACTED_WEBHOOK_SECRET, model REDACTED_MODEL_API_KEY, redis REDACTED_REDIS_PASSWORD",
    );
  });
});
