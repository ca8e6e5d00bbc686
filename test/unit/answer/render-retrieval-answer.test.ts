import { createCitationVerifier } from "../../../src/answer/create-citation-verifier.js";
import { groundCitations } from "../../../src/answer/ground-citations.js";
import { renderRetrievalAnswer } from "../../../src/answer/render-retrieval-answer.js";
import { createSeenRanges } from "../../../src/answer/seen-ranges.js";
import { buildContext } from "../../../src/retrieval/build-context.js";
import { createTokenCounter } from "../../../src/tokens/create-token-counter.js";
import { createMemoryCodeReader } from "../../helpers/memory-code-reader.js";
import {
  ROUTER_FOUND,
  WEB_FRAMEWORK,
} from "../../helpers/outside-dependency-repos.js";
import {
  CONFIG_PY,
  context,
  ranked,
  repository,
  SHA,
  UPLOAD_TS,
} from "./fixtures.js";

const retrieved = { ranked, context };

describe("renderRetrievalAnswer", () => {
  it("lists the places with permalinks, plain reasons and highlighted excerpts", async () => {
    const { body, trimmed } = await renderRetrievalAnswer({
      retrieved,
      repository,
    });
    expect(trimmed).toBe("none");
    expect(body).toMatchInlineSnapshot(`
     "Here is what a search of the code at [\`9fceb02\`](https://github.com/octo/uploader/commit/9fceb02d0ae598e95dc970b74767f19372d61af8) found for this question, most relevant first.

     **1. [\`src/upload.ts\`, lines 3-7](https://github.com/octo/uploader/blob/9fceb02d0ae598e95dc970b74767f19372d61af8/src/upload.ts#L3-L7)** in \`function shouldRetryUpload\`
     Defines \`shouldRetryUpload\`; mentions \`failed\`.

     \`\`\`typescript
     /** Decides whether a failed upload is tried again. */
     export function shouldRetryUpload(status: number, attempt: number): boolean {
       if (attempt >= MAX_ATTEMPTS) return false;
       return status === 429 || status >= 500;
     }
     \`\`\`

     **2. [\`src/upload.ts\`, lines 11-17](https://github.com/octo/uploader/blob/9fceb02d0ae598e95dc970b74767f19372d61af8/src/upload.ts#L11-L17)** in \`function upload\`
     The stack trace in the question runs through this file; holds line 14 from the question's stack trace; mentions \`upload\` and \`shouldRetryUpload\`.

     \`\`\`typescript
     export async function upload(body: Uint8Array, send: (b: Uint8Array) => Promise<number>) {
       for (let attempt = 0; ; attempt++) {
         const status = await send(body);
         if (status < 400 || !shouldRetryUpload(status, attempt)) return status;
         await sleep(2 ** attempt * 100);
       }
     }
     \`\`\`

     **3. [\`uploader/config.py\`, lines 1-5](https://github.com/octo/uploader/blob/9fceb02d0ae598e95dc970b74767f19372d61af8/uploader/config.py#L1-L5)** in \`class UploadConfig\`
     Contains the text \`retries: int\` from the question; mentions \`retries\`.

     \`\`\`python
     class UploadConfig:
         """Settings for the uploader."""

         def __init__(self, retries: int = 5):
             self.retries = retries
     \`\`\`

     <details>
     <summary>Context used (2 files, 199 tokens)</summary>

     - [\`src/upload.ts\`](https://github.com/octo/uploader/blob/9fceb02d0ae598e95dc970b74767f19372d61af8/src/upload.ts) lines [1-17](https://github.com/octo/uploader/blob/9fceb02d0ae598e95dc970b74767f19372d61af8/src/upload.ts#L1-L17) · 161 tokens
     - [\`uploader/config.py\`](https://github.com/octo/uploader/blob/9fceb02d0ae598e95dc970b74767f19372d61af8/uploader/config.py) lines [1-5](https://github.com/octo/uploader/blob/9fceb02d0ae598e95dc970b74767f19372d61af8/uploader/config.py#L1-L5) · 38 tokens

     </details>

     <sub>askcode · retrieval only, no model · read at [9fceb02](https://github.com/octo/uploader/commit/9fceb02d0ae598e95dc970b74767f19372d61af8)</sub>"
    `);
  });

  it("cuts a long place to the lines that match, and says which they are", async () => {
    const { body } = await renderRetrievalAnswer({
      retrieved: {
        ranked: ranked.slice(2, 3),
        context,
      },
      repository,
      excerptLines: 3,
    });
    // The window holding the most of the question's terms, earliest first.
    expect(body).toContain("The lines below are 12-14.");
    expect(body).toContain(
      "```typescript\nfor (let attempt = 0; ; attempt++) {\n  const status = await send(body);\n  if (status < 400 || !shouldRetryUpload(status, attempt)) return status;\n```",
    );
  });

  it("lists the files the map named after the places, each by its signature line with a permalink", async () => {
    const signature = (path: string, line: number, text: string) => ({
      path,
      startLine: line,
      endLine: line,
      form: "signature" as const,
      signature: text,
      tokens: 12,
      score: 1,
      context: "",
      why: "",
    });
    const { body } = await renderRetrievalAnswer({
      retrieved: {
        ranked,
        context: {
          ...context,
          pieces: [
            // Already a place: not listed again.
            signature("src/upload.ts", 3, "export function shouldRetryUpload("),
            signature(
              "src/backoff.ts",
              8,
              "export function backoff(attempt: number) {",
            ),
            signature("src/backoff.ts", 20, "export const MAX_DELAY = 10_000;"),
          ],
        },
      },
      repository,
    });
    const also = body.slice(
      body.indexOf("**Also relevant:**"),
      body.indexOf("<details>"),
    );
    expect(also.split("\n").slice(0, 3)).toStrictEqual([
      "**Also relevant:**",
      "",
      "- [`src/backoff.ts`, line 8](https://github.com/octo/uploader/blob/9fceb02d0ae598e95dc970b74767f19372d61af8/src/backoff.ts#L8): `export function backoff(attempt: number) {`",
    ]);
    expect(also).not.toContain("MAX_DELAY");
    expect(also).not.toContain("src/upload.ts");
  });

  it("names the package outside the repository that holds part of the answer, after the first sentence, with permalinks", async () => {
    const { body } = await renderRetrievalAnswer({
      retrieved: { ...retrieved, outsideDependencies: [ROUTER_FOUND] },
      repository,
    });
    const paragraphs = body.split("\n\n");
    expect(paragraphs[0]).toMatch(/^Here is what a search of the code at/);
    expect(paragraphs[1]).toMatchInlineSnapshot(`
     "Part of this lives outside the repository, in a package it depends on:
     - \`router\`, declared at [\`package.json\`, line 9](https://github.com/octo/uploader/blob/9fceb02d0ae598e95dc970b74767f19372d61af8/package.json#L9) and imported at [\`lib/application.js\`, line 6](https://github.com/octo/uploader/blob/9fceb02d0ae598e95dc970b74767f19372d61af8/lib/application.js#L6): the question's \`next\` is defined nowhere in the repository, and [\`lib/application.js\`, line 28](https://github.com/octo/uploader/blob/9fceb02d0ae598e95dc970b74767f19372d61af8/lib/application.js#L28) is where it meets \`router\`."
    `);
    expect(paragraphs[2]).toMatch(/^\*\*1\. /);
  });

  it("says nothing of packages when the best places stay in the repository", async () => {
    const { body } = await renderRetrievalAnswer({
      retrieved: { ...retrieved, outsideDependencies: [] },
      repository,
    });
    expect(body).not.toContain("outside the repository");
  });

  it("says what to try when nothing matched, without apologising", async () => {
    const { body } = await renderRetrievalAnswer({
      retrieved: {
        ranked: [],
        context: { files: [] },
      },
      repository,
    });
    expect(body).toMatchInlineSnapshot(`
     "A search of the code at [\`9fceb02\`](https://github.com/octo/uploader/commit/9fceb02d0ae598e95dc970b74767f19372d61af8) found nothing that matches this question. Naming a function, a file or an error message from the code usually finds it.

     <sub>askcode · retrieval only, no model · read at [9fceb02](https://github.com/octo/uploader/commit/9fceb02d0ae598e95dc970b74767f19372d61af8)</sub>"
    `);
  });

  it("answers a real question from real retrieval, and every link resolves at the SHA", async () => {
    const files = {
      "src/upload.ts": UPLOAD_TS,
      "src/sleep.ts":
        "export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));\n",
      "uploader/config.py": CONFIG_PY,
      "README.md": "# uploader\n\nUploads files to the bucket.\n",
    };
    const reader = createMemoryCodeReader(files, SHA);
    const built = await buildContext({
      reader,
      question: "where do we decide to retry a failed upload?",
      budget: 4000,
      tokenCounter: createTokenCounter({ model: "gpt-4o" }),
    });
    const { body } = await renderRetrievalAnswer({
      retrieved: built,
      repository,
    });

    expect(body).toMatch(/^Here is what a search of the code at/);
    expect(body).toMatch(/\*\*1\. \[`src\/upload\.ts`, lines \d+-\d+\]/);
    expect(body).toContain(
      "export function shouldRetryUpload(status: number, attempt: number): boolean {",
    );
    expect(body).toContain("```typescript");

    expect(
      (await groundedLinks(body, files)).kept.length,
    ).toBeGreaterThanOrEqual(3);
  });

  it("names the package from real retrieval, and every link it adds resolves at the SHA", async () => {
    const reader = createMemoryCodeReader(WEB_FRAMEWORK, SHA);
    const built = await buildContext({
      reader,
      question: "how does next(err) choose an error handler",
      budget: 4000,
      tokenCounter: createTokenCounter({ model: "gpt-4o" }),
    });
    const { body } = await renderRetrievalAnswer({
      retrieved: built,
      repository,
    });
    expect(body).toContain(
      "- `router`, declared at [`package.json`, line 9](https://github.com/octo/uploader/blob/9fceb02d0ae598e95dc970b74767f19372d61af8/package.json#L9)",
    );
    await groundedLinks(body, WEB_FRAMEWORK);
  });
});

/**
 * Checks every link of a retrieval answer the way a model's answer is
 * checked, with every file of `files` shown: none removed or corrected.
 */
async function groundedLinks(body: string, files: Record<string, string>) {
  const seen = createSeenRanges();
  for (const [path, text] of Object.entries(files))
    seen.add(path, [1, text.split("\n").length]);
  const { markdown, report } = await groundCitations(body, {
    ...repository,
    verify: createCitationVerifier(createMemoryCodeReader(files, SHA), seen),
  });
  expect(report.removed).toEqual([]);
  expect(report.corrected).toEqual([]);
  expect(markdown).toBe(body);
  return report;
}
