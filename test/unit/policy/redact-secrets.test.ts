import { rules as recommendedRules } from "@secretlint/secretlint-rule-preset-recommend";
import { findPatternSecrets } from "../../../src/policy/find-pattern-secrets.js";
import {
  PROVIDER_RULE_IDS,
  providerSecretLabel,
} from "../../../src/policy/find-provider-secrets.js";
import { redactSecrets } from "../../../src/policy/redact-secrets.js";
import { FAKE } from "../../helpers/fake-secrets.js";

const KEY_BODY = FAKE.privateKeyBody.join("\n");
// RFC 7519's own example token (https://datatracker.ietf.org/doc/html/rfc7519#section-3.1).
const JWT =
  "eyJ0eXAiOiJKV1QiLA0KICJhbGciOiJIUzI1NiJ9" +
  ".eyJpc3MiOiJqb2UiLA0KICJleHAiOjEzMDA4MTkzODAsDQogImh0dHA6Ly9leGFtcGxlLmNvbS9pc19yb290Ijp0cnVlfQ" +
  ".dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk";

describe("redactSecrets", () => {
  // [what, text, what the redacted text contains]; the shapes' sources are in test/helpers/fake-secrets.ts.
  it.each([
    [
      "GitHub classic token",
      `token ${FAKE.githubClassic}`,
      "token REDACTED_GITHUB_TOKEN",
    ],
    [
      "GitHub installation token",
      `x = ${FAKE.githubInstallation};`,
      "x = REDACTED_GITHUB_TOKEN;",
    ],
    [
      "GitHub fine-grained token",
      FAKE.githubFineGrained,
      "REDACTED_GITHUB_TOKEN",
    ],
    [
      "OpenAI project key",
      `OPENAI_API_KEY=${FAKE.openaiProject}`,
      "OPENAI_API_KEY=REDACTED_OPENAI_KEY",
    ],
    [
      "sk- key of an OpenAI-compatible server",
      `api_key: ${FAKE.openaiCompatible}`,
      "api_key: REDACTED_API_KEY",
    ],
    [
      "AWS access key id",
      `id: ${FAKE.awsAccessKeyId}`,
      "id: REDACTED_AWS_ACCESS_KEY_ID",
    ],
    [
      "AWS secret key, keeping its name",
      `aws_secret_access_key = ${FAKE.awsSecretKey}`,
      "aws_secret_access_key = REDACTED_AWS_SECRET_KEY",
    ],
    [
      "AWS secret key in JSON",
      `{ "SecretAccessKey": "${FAKE.awsSecretKey}" }`,
      '{ "SecretAccessKey": "REDACTED_AWS_SECRET_KEY" }',
    ],
    [
      "Slack bot token",
      `SLACK_BOT_TOKEN=${FAKE.slackBot}`,
      "SLACK_BOT_TOKEN=REDACTED_SLACK_TOKEN",
    ],
    [
      "Slack webhook",
      `post to ${FAKE.slackWebhook} now`,
      "post to REDACTED_SLACK_WEBHOOK now",
    ],
    [
      "Stripe secret key",
      `stripe(${JSON.stringify(FAKE.stripeSecret)})`,
      'stripe("REDACTED_STRIPE_KEY")',
    ],
    ["Stripe restricted key", FAKE.stripeRestricted, "REDACTED_STRIPE_KEY"],
    [
      "Google API key",
      `?key=${FAKE.googleApiKey}`,
      "?key=REDACTED_GOOGLE_API_KEY",
    ],
    [
      "npm token",
      `//registry.npmjs.org/:_authToken=${FAKE.npm}`,
      "//registry.npmjs.org/:_authToken=REDACTED_NPM_TOKEN",
    ],
    [
      "GitLab token",
      `PRIVATE-TOKEN: ${FAKE.gitlab}`,
      "PRIVATE-TOKEN: REDACTED_GITLAB_TOKEN",
    ],
    [
      "Hugging Face token",
      `HF_TOKEN=${FAKE.huggingFace}`,
      "HF_TOKEN=REDACTED_HUGGING_FACE_TOKEN",
    ],
    [
      "SendGrid key",
      `sgMail.setApiKey('${FAKE.sendgrid}')`,
      "sgMail.setApiKey('REDACTED_SENDGRID_KEY')",
    ],
    [
      "Azure storage connection string",
      `DefaultEndpointsProtocol=https;AccountName=acme;AccountKey=${FAKE.azureAccountKey};EndpointSuffix=core.windows.net`,
      "AccountName=acme;AccountKey=REDACTED_AZURE_KEY;EndpointSuffix=core.windows.net",
    ],
    [
      "Azure Service Bus connection string",
      `Endpoint=sb://acme.servicebus.windows.net/;SharedAccessKeyName=RootManageSharedAccessKey;SharedAccessKey=${FAKE.azureSharedAccessKey}`,
      "SharedAccessKeyName=RootManageSharedAccessKey;SharedAccessKey=REDACTED_AZURE_KEY",
    ],
    [
      "Discord webhook",
      `curl -X POST ${FAKE.discordWebhook}`,
      "curl -X POST REDACTED_DISCORD_WEBHOOK",
    ],
    ["JWT", `Cookie: session=${JWT}`, "Cookie: session=REDACTED_JWT"],
    [
      "private key block",
      `key:\n-----BEGIN RSA PRIVATE KEY-----\n${KEY_BODY}\n-----END RSA PRIVATE KEY-----\ndone`,
      "key:\nREDACTED_PRIVATE_KEY\ndone",
    ],
    [
      "private key cut short",
      `-----BEGIN OPENSSH PRIVATE KEY-----\n${KEY_BODY}\n\nThat is all.`,
      "REDACTED_PRIVATE_KEY\n\nThat is all.",
    ],
    [
      "encrypted private key with headers",
      `-----BEGIN RSA PRIVATE KEY-----\nProc-Type: 4,ENCRYPTED\nDEK-Info: AES-128-CBC,0123456789ABCDEF\n\n${KEY_BODY}\n-----END RSA PRIVATE KEY-----`,
      "REDACTED_PRIVATE_KEY",
    ],
    [
      "private key escaped in JSON",
      `{"private_key": "-----BEGIN PRIVATE KEY-----\\n${FAKE.privateKeyBody.join("\\n")}\\n-----END PRIVATE KEY-----\\n"}`,
      '{"private_key": "REDACTED_PRIVATE_KEY"}',
    ],
    [
      "quoted password assignment",
      `DB_PASSWORD = "${FAKE.value}!"`,
      'DB_PASSWORD = "REDACTED_SECRET"',
    ],
    [
      "JSON api_key",
      `{ "api_key": "${FAKE.value}" }`,
      '{ "api_key": "REDACTED_SECRET" }',
    ],
    [
      "env-file secret",
      `CLIENT_SECRET=${FAKE.value}`,
      "CLIENT_SECRET=REDACTED_SECRET",
    ],
    [
      "short password with a digit",
      'password = "hunter22"',
      'password = "REDACTED_SECRET"',
    ],
    [
      "connection string",
      "DATABASE_URL=postgres://app:pass@db.internal:5432/app",
      "DATABASE_URL=postgres://app:REDACTED_PASSWORD@db.internal:5432/app",
    ],
    [
      "password in a clone URL",
      "https://user:s3cretPw@github.com/o/r.git",
      "https://user:REDACTED_PASSWORD@github.com/o/r.git",
    ],
    [
      "Redis URL",
      "redis://:Zq8vLp2xK9@cache:6379/0",
      "redis://:Zq8vLp2xK9@cache:6379/0".replace(
        "Zq8vLp2xK9",
        "REDACTED_PASSWORD",
      ),
    ],
    [
      "bearer token",
      `Authorization: Bearer ${FAKE.value}`,
      "Authorization: Bearer REDACTED_TOKEN",
    ],
  ])("redacts a %s", async (_name, input, expected) => {
    const result = await redactSecrets(input);
    expect(result.text).toContain(expected);
    expect(result.redactions).toBe(1);
  });

  it.each([
    ["a commit SHA", "read at 9fceb02d0ae598e95dc970b74767f19372d61af8"],
    [
      "a SHA-256 digest",
      "sha256:2c26b46b68ffc68ff99b453c1d30413413422d706483bfa0f98a5e886266e7ae",
    ],
    [
      "a lockfile integrity hash",
      '"integrity": "sha512-ZSWDjqGzR6xAyY8DfK1pATSDzbXe6cKS4Ph9UAxs4VNB0oa1UWm3cgU3GKOYF+FRWlzy0gNRqp6DqApGwmtA7w=="',
    ],
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
    ["an angle-bracket placeholder", "GITHUB_TOKEN=<your-token>"],
    ["a template variable", 'password: "${DB_PASSWORD}"'],
    ["a shell variable", 'curl -H "Authorization: Bearer ${TOKEN}"'],
    ["a variable in a URL", "postgres://app:${DB_PASSWORD}@db:5432/app"],
    ["a $VARIABLE in a URL", "https://x-access-token:$GITHUB_TOKEN@github.com"],
    ["a placeholder password in a URL", "https://user:password@example.com"],
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
    ["a marker", 'token = "REDACTED_GITHUB_TOKEN"'],
    // Documented placeholders, kept so an answer can quote the docs.
    ["AWS's example key id", "aws_access_key_id = AKIAIOSFODNN7EXAMPLE"],
    [
      "AWS's example secret key",
      "aws_secret_access_key = wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY",
    ],
    ["a GitHub token of x's", `GITHUB_TOKEN=ghp_${"x".repeat(36)}`],
    ["a GitLab token of x's", `glpat-${"x".repeat(20)}`],
    ["an Azure key placeholder", "AccountKey=<your-account-key>;"],
  ])("keeps %s", async (_name, input) => {
    expect(await redactSecrets(input)).toEqual({ text: input, redactions: 0 });
  });

  it("names the provider, not the key, when a provider's token is assigned", async () => {
    const { text, redactions } = await redactSecrets(
      `GITHUB_TOKEN="${FAKE.githubClassic}"\nAuthorization: Bearer ${FAKE.npm}`,
    );
    expect(text).toBe(
      'GITHUB_TOKEN="REDACTED_GITHUB_TOKEN"\nAuthorization: Bearer REDACTED_NPM_TOKEN',
    );
    expect(redactions).toBe(2);
  });

  it("redacts a private key as one block, tokens inside it and all", async () => {
    const input = `-----BEGIN PRIVATE KEY-----\n${KEY_BODY}\n${FAKE.githubClassic}\n-----END PRIVATE KEY-----`;
    expect(await redactSecrets(input)).toEqual({
      text: "REDACTED_PRIVATE_KEY",
      redactions: 1,
    });
  });

  it("ignores secretlint-disable comments in the text it redacts", async () => {
    const input = [
      "<!-- secretlint-disable -->",
      `// secretlint-disable-next-line`,
      `const token = "${FAKE.githubClassic}";`,
      `const npm = "${FAKE.npm}"; // secretlint-disable-line`,
      "<!-- secretlint-enable -->",
    ].join("\n");
    const { text, redactions } = await redactSecrets(input);
    expect(redactions).toBe(2);
    expect(text).toContain('const token = "REDACTED_GITHUB_TOKEN";');
    expect(text).toContain('const npm = "REDACTED_NPM_TOKEN";');
  });

  it("counts from the first character when the text starts with a byte order mark", async () => {
    expect(
      await redactSecrets(`\uFEFFtoken ${FAKE.githubClassic} end`),
    ).toEqual({
      text: "\uFEFFtoken REDACTED_GITHUB_TOKEN end",
      redactions: 1,
    });
  });

  it("counts every secret and is idempotent", async () => {
    const text = [
      `a ${FAKE.githubClassic}`,
      `b ${FAKE.awsAccessKeyId}`,
      `c ${JWT}`,
      `d ${FAKE.huggingFace}`,
      `e ${FAKE.discordWebhook}`,
    ].join("\n");
    const once = await redactSecrets(text);
    expect(once.redactions).toBe(5);
    expect(once.text).not.toMatch(/ghp_|AKIA|eyJ|hf_|discord/);
    expect(await redactSecrets(once.text)).toEqual({
      text: once.text,
      redactions: 0,
    });
  });

  it("takes linear time on a comment-sized line of name characters", async () => {
    // Each of these took seconds with a pattern that backtracked on every character.
    for (const unit of ["x", "sk-", "password", "a:b@", "eyJab.", "-"]) {
      const line = unit.repeat(Math.ceil(65_536 / unit.length));
      const { text, redactions } = await redactSecrets(line);
      expect(redactions).toBe(0);
      expect(text === line).toBe(true);
    }
  });

  it("leaves nothing behind in the process: no performance marks or measures per run", async () => {
    performance.clearMarks();
    performance.clearMeasures();
    for (let i = 0; i < 20; i++)
      await redactSecrets(`token = "${FAKE.githubClassic}" # ${i}`);
    // secretlint's profiler, on by default, marks each of its ~20 rules per
    // run, and keeps every mark: a server redacting each file it read grew
    // without bound.
    expect(performance.getEntriesByType("mark")).toHaveLength(0);
    expect(performance.getEntriesByType("measure")).toHaveLength(0);
  });

  it("has a marker name for every kind of secret the preset's rules report", () => {
    const unnamed = recommendedRules
      .filter((rule) => PROVIDER_RULE_IDS.includes(rule.meta.id))
      .flatMap((rule) =>
        Object.keys(rule.messages)
          .filter((messageId) => messageId !== "AWSAccountID")
          .map((messageId) => ({ ruleId: rule.meta.id, messageId })),
      )
      .filter((message) => providerSecretLabel(message) === "secret");
    expect(unnamed).toEqual([]);
    expect(PROVIDER_RULE_IDS).not.toContain(
      "@secretlint/secretlint-rule-filter-comments",
    );
  });
});

describe("findPatternSecrets", () => {
  it("says which pattern lacks the flags it needs", () => {
    expect(() =>
      findPatternSecrets("x", [{ label: "thing", regex: /x/g }]),
    ).toThrow('The secret pattern for "thing" needs the g and d flags');
  });
});
