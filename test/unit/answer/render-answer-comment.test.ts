import { GITHUB_COMMENT_LIMIT } from "../../../src/answer/fit-comment.js";
import { renderAnswerComment } from "../../../src/answer/render-answer-comment.js";
import type { ContextFile } from "../../../src/answer/render-context-details.js";
import { redactionMarker } from "../../../src/policy/redaction-marker.js";
import { FAKE } from "../../helpers/fake-secrets.js";
import { repository, SHA } from "./fixtures.js";

const BLOB = `https://github.com/octo/uploader/blob/${SHA}`;
const context: ContextFile[] = [
  {
    path: "src/upload.ts",
    ranges: [
      [3, 7],
      [11, 17],
    ],
    tokens: 161,
  },
  { path: "src/sleep.ts", ranges: [[1, 1]], tokens: 21 },
  { path: "docs/", ranges: [], tokens: 0 },
];
const answer = `Retries are decided in [\`src/upload.ts:3-7\`](${BLOB}/src/upload.ts#L3-L7): \`shouldRetryUpload\` retries on 429 and 5xx until \`MAX_ATTEMPTS\`.`;

describe("renderAnswerComment", () => {
  it("puts the answer, the context used and the footer in one comment", async () => {
    const rendered = await renderAnswerComment({
      answer,
      repository,
      context,
      model: "gpt-4o-mini",
      tokensUsed: 12_345,
      grounding: {
        kept: ["src/upload.ts:3-7"],
        corrected: [
          {
            from: "upload.ts:3",
            to: "src/upload.ts:3",
            why: "`upload.ts` is `src/upload.ts`, the one file shown whose path ends with it",
          },
        ],
        removed: [
          {
            citation: "src/retry.ts",
            why: "no file `src/retry.ts` at `9fceb02`",
          },
        ],
      },
    });
    expect(rendered.trimmed).toBe("none");
    expect(rendered.redactions).toBe(0);
    expect(rendered.body).toMatchInlineSnapshot(`
     "Retries are decided in [\`src/upload.ts:3-7\`](https://github.com/octo/uploader/blob/9fceb02d0ae598e95dc970b74767f19372d61af8/src/upload.ts#L3-L7): \`shouldRetryUpload\` retries on 429 and 5xx until \`MAX_ATTEMPTS\`.

     <details>
     <summary>Context used (2 files, 182 tokens)</summary>

     - [\`src/upload.ts\`](https://github.com/octo/uploader/blob/9fceb02d0ae598e95dc970b74767f19372d61af8/src/upload.ts) lines [3-7](https://github.com/octo/uploader/blob/9fceb02d0ae598e95dc970b74767f19372d61af8/src/upload.ts#L3-L7), [11-17](https://github.com/octo/uploader/blob/9fceb02d0ae598e95dc970b74767f19372d61af8/src/upload.ts#L11-L17) · 161 tokens
     - [\`src/sleep.ts\`](https://github.com/octo/uploader/blob/9fceb02d0ae598e95dc970b74767f19372d61af8/src/sleep.ts) line [1](https://github.com/octo/uploader/blob/9fceb02d0ae598e95dc970b74767f19372d61af8/src/sleep.ts#L1) · 21 tokens

     References checked at \`9fceb02\`: 1 linked as written, 1 corrected, 1 removed.
     - corrected \`upload.ts:3\` → \`src/upload.ts:3\`: \`upload.ts\` is \`src/upload.ts\`, the one file shown whose path ends with it
     - removed \`src/retry.ts\`: no file \`src/retry.ts\` at \`9fceb02\`

     </details>

     <sub>askcode · gpt-4o-mini · 12,345 tokens · read at [9fceb02](https://github.com/octo/uploader/commit/9fceb02d0ae598e95dc970b74767f19372d61af8)</sub>"
    `);
  });

  it("says the earlier answers after the model's answer, their links to this repository's comments kept", async () => {
    const earlier =
      "**Answered before** on the same code: [an answer in issue 12](https://github.com/octo/uploader/issues/12#issuecomment-9) (2026-10-03, `src/upload.ts`).";
    const { body } = await renderAnswerComment({
      // The model may not link outside the commit; askcode's own line may.
      answer: `${answer} See [this](https://github.com/octo/uploader/issues/3).`,
      repository,
      context,
      model: "gpt-4o-mini",
      earlier,
    });
    expect(body).toContain(`\n\n${earlier}\n\n<details>`);
    expect(body).not.toContain("(https://github.com/octo/uploader/issues/3)");
  });

  it("says when retrieval alone answered", async () => {
    const { body } = await renderAnswerComment({
      answer,
      repository,
      context: [],
    });
    expect(body.split("\n").at(-1)).toBe(
      `<sub>askcode · retrieval only, no model · read at [9fceb02](https://github.com/octo/uploader/commit/${SHA})</sub>`,
    );
    expect(body).not.toContain("<details>");
  });

  it("redacts secrets from every part of the comment", async () => {
    // A classic token's shape: `ghp_` and 36 characters
    // (https://github.blog/engineering/platform-security/behind-githubs-new-authentication-token-formats/).
    const token = "ghp_" + "a1B2c3D4".repeat(5).slice(0, 36);
    const { body, redactions } = await renderAnswerComment({
      answer: `Set \`GITHUB_TOKEN=${token}\` and call \`send()\`.`,
      repository,
      context,
      model: `model-${token}`,
    });
    expect(body).not.toContain(token);
    expect(body).toContain("`GITHUB_TOKEN=REDACTED_GITHUB_TOKEN`");
    expect(redactions).toBe(2);
  });

  it("posts none of the secrets in the model's prose or in a quoted excerpt", async () => {
    const secrets = {
      "GitHub token": FAKE.githubInstallation,
      "npm token": FAKE.npm,
      "GitLab token": FAKE.gitlab,
      "Hugging Face token": FAKE.huggingFace,
      "SendGrid key": FAKE.sendgrid,
      "Azure key": FAKE.azureAccountKey,
      "Discord webhook": FAKE.discordWebhook,
      "Stripe key": FAKE.stripeSecret,
      "AWS secret key": FAKE.awsSecretKey,
      "private key": FAKE.privateKeyBody[1]!,
    };
    const answer = [
      `The workflow logs in with \`${FAKE.githubInstallation}\`, publishes with ${FAKE.npm}`,
      `and mirrors to GitLab as ${FAKE.gitlab}; the model is pulled with ${FAKE.huggingFace}.`,
      `Alerts go to ${FAKE.discordWebhook} ([\`src/config.ts:3-9\`](${BLOB}/src/config.ts#L3-L9)):`,
      "",
      "```ts",
      `export const mail = { apiKey: "${FAKE.sendgrid}" };`,
      `export const storage = "DefaultEndpointsProtocol=https;AccountName=acme;AccountKey=${FAKE.azureAccountKey};EndpointSuffix=core.windows.net";`,
      `export const stripe = new Stripe("${FAKE.stripeSecret}");`,
      `// aws_secret_access_key = ${FAKE.awsSecretKey}`,
      "export const key = `-----BEGIN PRIVATE KEY-----",
      ...FAKE.privateKeyBody,
      "-----END PRIVATE KEY-----`;",
      "```",
    ].join("\n");
    const { body, redactions } = await renderAnswerComment({
      answer,
      repository,
      context,
      model: "gpt-4o",
    });
    for (const [kind, secret] of Object.entries(secrets)) {
      expect(body).not.toContain(secret);
      expect(body).toContain(redactionMarker(kind));
    }
    expect(redactions).toBe(Object.keys(secrets).length);
    // What the answer says around them, and the permalink, are untouched.
    expect(body).toContain(
      "and mirrors to GitLab as REDACTED_GITLAB_TOKEN; the model is pulled with REDACTED_HUGGING_FACE_TOKEN.",
    );
    expect(body).toContain(`(${BLOB}/src/config.ts#L3-L9)`);
    expect(body).toContain(
      "AccountName=acme;AccountKey=REDACTED_AZURE_KEY;EndpointSuffix=core.windows.net",
    );
  });

  it("stays within GitHub's 65,536 characters: the details give way before the answer", async () => {
    const many: ContextFile[] = Array.from({ length: 2_000 }, (_, i) => ({
      path: `src/module-${i}/index.ts`,
      ranges: [[1, 40]],
      tokens: 300,
    }));
    const longAnswer = "The answer.\n".repeat(2_000);
    const { body, trimmed } = await renderAnswerComment({
      answer: longAnswer,
      repository,
      context: many,
      model: "gpt-4o",
      tokensUsed: 1,
    });
    expect(body.length).toBeLessThanOrEqual(GITHUB_COMMENT_LIMIT);
    expect(trimmed).toBe("details");
    expect(body).toContain(longAnswer.trim());
    expect(body).toContain(
      "<summary>Context used (2,000 files, 600,000 tokens)</summary>",
    );
    const listed = body.match(/^- \[`src\/module-/gm)?.length ?? 0;
    expect(listed).toBeGreaterThan(100);
    expect(listed).toBeLessThan(2_000);
    expect(body).toContain(
      `- and ${(2_000 - listed).toLocaleString("en")} more files`,
    );
    // The largest list that fits: one more file would not.
    expect(body.length).toBeGreaterThan(GITHUB_COMMENT_LIMIT - 300);
  });

  it("cuts an answer too long for any comment at a line, closing its code block, with a note", async () => {
    const code = Array.from(
      { length: 10_000 },
      (_, i) => `const line${i} = ${i};`,
    ).join("\n");
    const { body, trimmed } = await renderAnswerComment({
      answer: `Here is the module:\n\n\`\`\`ts\n${code}\n\`\`\`\n\nThat is all.`,
      repository,
      context,
      model: "gpt-4o",
    });
    expect(trimmed).toBe("answer");
    expect(body.length).toBeLessThanOrEqual(GITHUB_COMMENT_LIMIT);
    expect(body).not.toContain("That is all.");
    expect(body).toMatch(
      /;\n```\n\n\*The answer was cut here: GitHub allows at most 65,536 characters in a comment\.\*\n\n<details>/,
    );
    expect(body).toContain(
      "<summary>Context used (2 files, 182 tokens)</summary>",
    );
    expect(body.endsWith("</sub>")).toBe(true);
  });

  it("cuts a single endless line after a whole word, leaving no half link", async () => {
    const words = `see ${BLOB}/src/upload.ts#L3 `.repeat(3_000);
    const { body } = await renderAnswerComment({
      answer: words,
      repository,
      context: [],
      limit: 1_000,
    });
    expect(body.length).toBeLessThanOrEqual(1_000);
    const cut = body.slice(0, body.indexOf("\n\n*The answer was cut"));
    expect(cut).toMatch(/(?:see|#L3)$/);
  });
});
