import { redactSecrets } from "../../../src/policy/redact-secrets.js";

// Secret-shaped values are assembled at run time, so this file holds none
// that a secret scanner would flag.
const rnd = (prefix: string, n: number): string =>
  prefix + "q7Xk2Lp9ZvR4mT8w".repeat(Math.ceil(n / 16)).slice(0, n);
const GITHUB = rnd("ghp_", 36);
const AWS_ID = "AKIA" + "Q7XK2LP9ZVR4MT8W";
const AWS_SECRET = rnd("", 28) + "/+aB3dE5gH9k"; // 40 characters
const JWT =
  "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9" +
  ".eyJzdWIiOiIxMjM0NTY3ODkwIiwibmFtZSI6IkpvaG4ifQ" +
  ".SflKxwRJSMeKKF2QT4fwpMeJf36POk6yJV_adQssw5c";
const KEY_BODY = [
  "MIIEvQIBADANBgkqhkiG9w0BAQEFAASC",
  "q7Xk2Lp9ZvR4mT8wq7Xk2Lp9ZvR4mT8w",
];

describe("redactSecrets", () => {
  it.each([
    ["GitHub personal token", `token ${GITHUB}`, "[redacted GitHub token]"],
    ["GitHub app token", `x = ${rnd("ghs_", 36)};`, "[redacted GitHub token]"],
    ["GitHub OAuth token", rnd("gho_", 36), "[redacted GitHub token]"],
    ["GitHub user-to-server", rnd("ghu_", 36), "[redacted GitHub token]"],
    ["GitHub refresh token", rnd("ghr_", 36), "[redacted GitHub token]"],
    ["fine-grained PAT", rnd("github_pat_", 82), "[redacted GitHub token]"],
    ["OpenAI key", `OPENAI=${rnd("sk-", 48)}`, "[redacted API key]"],
    ["OpenAI project key", rnd("sk-proj-", 64), "[redacted API key]"],
    ["AWS access key id", `id: ${AWS_ID}`, "[redacted AWS access key id]"],
    [
      "AWS secret key",
      `aws_secret_access_key = ${AWS_SECRET}`,
      "aws_secret_access_key = [redacted AWS secret key]",
    ],
    ["Slack bot token", rnd("xoxb-1234-", 24), "[redacted Slack token]"],
    ["Google API key", rnd("AIza", 35), "[redacted Google API key]"],
    ["Stripe secret key", rnd("sk_live_", 24), "[redacted Stripe key]"],
    ["Stripe restricted key", rnd("rk_live_", 24), "[redacted Stripe key]"],
    ["JWT", `Cookie: session=${JWT}`, "[redacted JWT]"],
    [
      "private key block",
      `key:\n-----BEGIN RSA PRIVATE KEY-----\n${KEY_BODY.join("\n")}\n-----END RSA PRIVATE KEY-----\ndone`,
      "key:\n[redacted private key]\ndone",
    ],
    [
      "private key cut short",
      `-----BEGIN OPENSSH PRIVATE KEY-----\n${KEY_BODY.join("\n")}\n\nThat is all.`,
      "[redacted private key]\n\nThat is all.",
    ],
    [
      "quoted password assignment",
      `DB_PASSWORD = "${rnd("", 14)}!"`,
      'DB_PASSWORD = "[redacted secret]"',
    ],
    [
      "JSON api_key",
      `{ "api_key": "${rnd("", 24)}" }`,
      '{ "api_key": "[redacted secret]" }',
    ],
    [
      "env-file secret",
      `CLIENT_SECRET=${rnd("", 20)}`,
      "CLIENT_SECRET=[redacted secret]",
    ],
    [
      "short password with a digit",
      'password = "hunter22"',
      'password = "[redacted secret]"',
    ],
    [
      "connection string",
      "DATABASE_URL=postgres://app:pass@db.internal:5432/app",
      "DATABASE_URL=postgres://app:[redacted password]@db.internal:5432/app",
    ],
    [
      "token in a clone URL",
      "https://user:s3cretPw@github.com/o/r.git",
      "https://user:[redacted password]@github.com/o/r.git",
    ],
    [
      "bearer token",
      `Authorization: Bearer ${rnd("", 32)}`,
      "Authorization: Bearer [redacted token]",
    ],
  ])("redacts a %s", async (_name, input, expected) => {
    const result = await redactSecrets(input);
    expect(result.text).toContain(expected);
    expect(result.redactions).toBe(1);
  });

  it.each([
    ["a commit SHA", "read at 9fceb02d0ae598e95dc970b74767f19372d61af8"],
    ["a UUID", "job 3f2b8c1e-4d5a-4e6f-9a7b-1c2d3e4f5a6b failed"],
    [
      "a base64 image fragment",
      "![x](data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==)",
    ],
    ["a call", "const token = getToken();"],
    ["a long call", "token = getInstallationAccessToken(installationId)"],
    ["a Python type hint", "def login(user: str, password: str) -> None:"],
    [
      "a TypeScript type",
      "interface Auth { apiKey: ApiKeyConfig; token?: string }",
    ],
    [
      "an environment reference",
      "const key = { token: process.env.GITHUB_TOKEN, x: 1 };",
    ],
    ["a placeholder", 'OPENAI_API_KEY="your-api-key-here"'],
    ["a template variable", 'password: "${DB_PASSWORD}"'],
    ["a secret's name", 'secretName: "my-secret-name"'],
    ["a word", 'password = "password"'],
    ["a count", "max_tokens = 16384000"],
    ["a kebab-case name after sk-", "sk-learn-compatible-estimator-wrapper"],
    [
      "a permalink",
      "https://github.com/o/r/blob/9fceb02d0ae598e95dc970b74767f19372d61af8/src/token.ts#L12-L20",
    ],
    ["a URL with a port", "http://localhost:8080/health"],
    ["an SSH remote", "git@github.com:octo/hello.git"],
    ["a public key header", "-----BEGIN PUBLIC KEY-----"],
    ["a marker", 'token = "[redacted GitHub token]"'],
  ])("keeps %s", async (_name, input) => {
    expect(await redactSecrets(input)).toEqual({ text: input, redactions: 0 });
  });

  it("counts every secret and is idempotent", async () => {
    const text = `a ${GITHUB}\nb ${AWS_ID}\nc ${JWT}`;
    const once = await redactSecrets(text);
    expect(once.redactions).toBe(3);
    expect(once.text).not.toMatch(/ghp_|AKIA|eyJ/);
    expect(await redactSecrets(once.text)).toEqual({
      text: once.text,
      redactions: 0,
    });
  });
});
