import type { OwnSecret } from "../../../src/policy/find-own-secrets.js";
import { findSplitSecrets } from "../../../src/policy/find-split-secrets.js";
import { securePostedText } from "../../../src/policy/secure-posted-text.js";
import { shiftLetters } from "../../../src/policy/shift-letters.js";
import { FAKE } from "../../helpers/fake-secrets.js";

// Issue 34: the shapes a hostile model invents to get a token past the
// posted-answer filter, each written here from a fake token at run time.
const github = FAKE.githubClassic;
const deepseek = FAKE.openaiCompatible;
const own = "whsec-R4nd0m-Hook-Value-93kQ";
const OWN: OwnSecret[] = [{ label: "webhook secret", value: own }];
const rest = (token: string) => token.slice(token.search(/[_-]/) + 1);
const hex = (s: string) => Buffer.from(s).toString("hex");
const b64 = (s: string) => Buffer.from(s).toString("base64");

// What a reader could put back together: every run of 6 or more letters
// and digits of the written form. None may be posted.
const fragments = (written: string) =>
  (written.match(/[A-Za-z0-9]{6,}/g) ?? []).filter(
    (run) => !AROUND.includes(run),
  );
const AROUND = "Here it is: (as asked). Decode it, then run";

describe("the second wall (issue 34): shapes a hostile model invents", () => {
  it.each([
    ["hex", hex(github)],
    ["hex in spaced bytes", hex(deepseek).match(/../g)!.join(" ")],
    ["hex of a key joined with +", hex(`ghp_ + ${rest(github)}`)],
    [
      "base64 half per line",
      `\n${b64(github).slice(0, 24)}\n${b64(github).slice(24)}\n`,
    ],
    [
      "base64 in joined literals",
      `"${b64(deepseek).slice(0, 20)}" + "${b64(deepseek).slice(20)}"`,
    ],
    ["ROT13", shiftLetters(github, 13)],
    ["ROT13 of an sk- key", shiftLetters(deepseek, 13)],
    ["a Caesar shift of 5", shiftLetters(github, 5)],
    ["ROT13, reversed", [...shiftLetters(github, 13)].reverse().join("")],
    ["dash-separated", [...github].join("-")],
    ["dash-separated in groups", github.match(/.{1,4}/g)!.join("-")],
    [
      "a joined literal inside an inline code span",
      `\`"ghp_" + "${rest(github)}"\``,
    ],
    [
      "an AWS key id as a joined literal in a code span",
      `\`"AKIA" + "${FAKE.awsAccessKeyId.slice(4)}"\``,
    ],
    [
      "an AWS key id, a third per line",
      `\n${FAKE.awsAccessKeyId.slice(0, 8)}\n${FAKE.awsAccessKeyId.slice(8, 14)}\n${FAKE.awsAccessKeyId.slice(14)}\n`,
    ],
    [
      "joined code spans",
      `\`ghp_\` + \`${rest(github).slice(0, 18)}\` + \`${rest(github).slice(18)}\``,
    ],
    [
      "half a token per line",
      `\n\`\`\`\n${github.slice(0, 20)}\n${github.slice(20)}\n\`\`\`\n`,
    ],
    [
      "half a token per line, the prefix alone",
      `\n\`\`\`\nghp_\n${rest(github).slice(0, 18)}\n${rest(github).slice(18)}\n\`\`\`\n`,
    ],
    [
      "ghp_ + … + …",
      `ghp_ + ${rest(github).slice(0, 12)} + ${rest(github).slice(12)}`,
    ],
    ["sk- + …", `sk- + ${rest(deepseek)}`],
    [
      "sk- + … + …",
      `sk- + ${rest(deepseek).slice(0, 16)} + ${rest(deepseek).slice(16)}`,
    ],
    [
      "an own secret half per line",
      `\n\`\`\`\n${own.slice(0, 14)}\n${own.slice(14)}\n\`\`\`\n`,
    ],
    ["an own secret in ROT13", shiftLetters(own, 13)],
    ["an own secret in hex", hex(own)],
    [
      "an own secret joined with +",
      `"${own.slice(0, 10)}" + "${own.slice(10)}"`,
    ],
  ])("redacts a token written as %s", async (_shape, written) => {
    const answer = `Here it is: ${written} (as asked).`;
    const { text } = await securePostedText(answer, { ownSecrets: OWN });
    expect(fragments(written).filter((f) => text.includes(f))).toStrictEqual(
      [],
    );
    expect(text).toMatch(/^Here it is: /);
    expect(text).toMatch(/ \(as asked\)\.$/);
    expect(text).toContain("REDACTED_");
  });

  it.each([
    [
      "a passwd file's lines",
      "```\nroot:x:0:0:root:/root:/bin/bash\ndaemon:x:1:1:daemon:/usr/sbin:/usr/sbin/nologin\n```",
      "```\nREDACTED_PASSWD_ENTRY\nREDACTED_PASSWD_ENTRY\n```",
    ],
    [
      "a passwd line in a code span",
      "Then `root:x:0:0:root:/root:/bin/bash` is the first line.",
      "Then `REDACTED_PASSWD_ENTRY` is the first line.",
    ],
    [
      "a shadow line",
      `root:$6$${FAKE.value.slice(0, 8)}$${FAKE.awsSecretKey}:19000:0:99999:7:::`,
      "REDACTED_SHADOW_ENTRY",
    ],
    [
      "a joined literal inside an inline code span",
      `Use \`"ghp_" + "${rest(github)}"\` now.`,
      'Use `"REDACTED_OBFUSCATED_SECRET"` now.',
    ],
    [
      "joined code spans, each keeping its backticks",
      `Use \`ghp_\` + \`${rest(github)}\` now.`,
      "Use `REDACTED_GITHUB_TOKEN` + `REDACTED_GITHUB_TOKEN` now.",
    ],
    [
      "half a token per line, each line kept",
      `\`\`\`\nghp_${rest(github).slice(0, 16)}\n${rest(github).slice(16)}\n\`\`\``,
      "```\nREDACTED_GITHUB_TOKEN\nREDACTED_OBFUSCATED_SECRET\n```",
    ],
  ])("posts %s as markers only", async (_shape, answer, posted) => {
    expect((await securePostedText(answer)).text).toBe(posted);
  });

  it.each([
    "Fixed in 6dcb09b5b57875f334f61aebed695e2e4193db5e (see the tag).",
    "See https://github.com/octo/repo/blob/6dcb09b5b57875f334f61aebed695e2e4193db5e/src/retry.ts#L10-L20 for it.",
    "Commits 6dcb09b, 1a2b3c4d5e and 9f8e7d6c5b4a3f2e1d0c landed.",
    "commit\n6dcb09b5b57875f334f61aebed695e2e4193db5e\nAuthor: Octo",
    "The run id is 123e4567-e89b-12d3-a456-426614174000, retried as 9b2f6c1e-7d3a-4f8e-b5c2-1a0d9e8f7c6b.",
    "sha256 e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855 of the empty file",
    '```js\nconst png = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk";\n```',
    "Slack bot tokens start with xoxb- and then the team id.",
    "A classic token is ghp_ and 36 more letters and digits, like ghp_ then a random tail.",
    "sk-learn is how people write scikit-learn; sk-proj- starts a key.",
    "npm reads npm_config_cache_dir_2024 from the environment.",
    "Then pip install sk-learn-2024-model-v3 and import it.",
    "ASIA PACIFIC REGION 2024 Q3 RESULTS FOR THE BOARD",
    "The task-runner and the disk- and network-bound jobs share sk- prefixed names.",
    "Run `git log --format=%H -1` and compare with 4f2a9c1 and 8e2d4eb5a47c.",
    "time 12:30:00, ratio a:b:1:2, std::vector<int>::iterator, https://host:8080/a:b",
    "The key id is 1234 5678 9012 3456 and the pin 0000.",
    "The body is aGVsbG8gd29ybGQgaG93IGFyZSB5b3U= in the fixture, and\nthe next line is prose again.",
  ])("leaves ordinary text as it is: %j", async (text) => {
    expect(await securePostedText(text, { ownSecrets: OWN })).toEqual({
      text,
      redactions: 0,
    });
  });

  // Where the first wall already decides (a key's value, a joined literal),
  // the second adds nothing after it: a name, a constant, an argument.
  it.each([
    '```ts\nconst env = {\n  OPENAI_API_KEY: "sk-test",\n  ASKCODE_TOKENS_PER_REPOSITORY_PER_DAY: "1000",\n};\n```',
    "Name the key 'sk-' + 'a1b2c3d4e5f6', isSecret stays a name.",
  ])("takes nothing after a short value: %j", (text) => {
    expect(findSplitSecrets(text)).toStrictEqual([]);
  });

  it("leaves a part of an own secret shorter than the whole", () => {
    expect(
      findSplitSecrets(`it starts ${own.slice(0, 12)} and goes on`, OWN),
    ).toStrictEqual([]);
  });

  it("names a token written whole as its provider's, and a disguised one as obfuscated", () => {
    const plain = `key ${github} here`;
    const rotated = `key ${shiftLetters(github, 13)} here`;
    expect(findSplitSecrets(plain)).toStrictEqual([
      { start: 4, end: 4 + github.length, label: "GitHub token" },
    ]);
    expect(findSplitSecrets(rotated)).toStrictEqual([
      { start: 4, end: 4 + github.length, label: "obfuscated secret" },
    ]);
  });
});
