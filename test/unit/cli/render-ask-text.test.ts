import type { AskResult } from "../../../src/cli/ask-result.js";
import { renderAskText } from "../../../src/cli/render-ask-text.js";
import { ROUTER_FOUND } from "../../helpers/outside-dependency-repos.js";

const result: AskResult = {
  question: "where do we decide to retry a failed upload?",
  source: "local:/work/uploader",
  sha: "9fceb02d0ae598e95dc970b74767f19372d61af8",
  ref: "main",
  places: [
    {
      path: "src/upload.ts",
      startLine: 9,
      endLine: 12,
      context: "function shouldRetryUpload",
      score: 21.5,
      why: [
        '"retry" (identifier part, ×2 in chunk) (+9.1)',
        '"upload" (word, ×3 in chunk) (+6.0)',
      ],
      excerpt:
        "export function shouldRetryUpload(status: number): boolean {\n  return status === 429 || status >= 500;\n}",
    },
  ],
  alsoRelevant: [
    {
      path: "src/queue.ts",
      line: 31,
      signature:
        "export async function drainUploadQueue(queue: UploadQueue): Promise<void> {",
    },
  ],
  outsideDependencies: [],
  packing: {
    mode: "ranked-chunks",
    tokensUsed: 7912,
    budget: 8000,
    chunksReturned: 31,
    chunksAvailable: 912,
    truncated: true,
    note: "Showing 31 of 912 matching chunks; read the others with read_file_contents.",
    encoding: "o200k_base",
    files: [{ path: "src/upload.ts", ranges: [[9, 12]], tokens: 40 }],
  },
  filesRanked: 120,
  timingsMs: {
    readMs: 812.4,
    indexMs: 300,
    rankMs: 20,
    packMs: 45,
    totalMs: 1177.4,
  },
};

describe("renderAskText", () => {
  it("lists the places with line numbers, the files the map named besides, then the packing report", () => {
    expect(renderAskText(result)).toMatchInlineSnapshot(`
     "askcode · local:/work/uploader @ main (9fceb02d0ae5)
     Question: where do we decide to retry a failed upload?

     The most relevant places:

     1. src/upload.ts:9-12  (function shouldRetryUpload)  score 21.5
        why: "retry" (identifier part, ×2 in chunk) (+9.1); "upload" (word, ×3 in
             chunk) (+6.0)
         9 │ export function shouldRetryUpload(status: number): boolean {
        10 │   return status === 429 || status >= 500;
        11 │ }

     Also relevant:
     - src/queue.ts:31: export async function drainUploadQueue(queue: UploadQueue):
         Promise<void> {

     Packed context: 31 of 912 matching chunks from 1 file in 7,912 of 8,000 tokens
       (o200k_base); the rest left out or cut to their structure.
     Shown: src/upload.ts:9-12.
     Open any place above at its path:line, or ask again with a larger --budget to
       see more.
     Read 120 files in 812 ms; indexed, ranked and packed in 365 ms.
     "
    `);
  });

  it("counts files, not chunks, when the whole repository fits", () => {
    const text = renderAskText({
      ...result,
      packing: {
        ...result.packing,
        mode: "whole-repository",
        // The packer counts files in chunksReturned here, and matching chunks in chunksAvailable.
        chunksReturned: 3,
        chunksAvailable: 1,
        truncated: false,
        files: [
          { path: "a.py", ranges: [[1, 10]], tokens: 40 },
          { path: "b.py", ranges: [[1, 4]], tokens: 20 },
          { path: "c.py", ranges: [[1, 2]], tokens: 10 },
        ],
      },
    });
    expect(text).toContain(
      "Packed context: the whole repository, 3 files in 7,912 of 8,000 tokens",
    );
    expect(text).not.toMatch(/\d+ of \d+ chunks/);
  });

  it("tells a person how to see more, never the model's tool, in lines that fit", () => {
    const long = renderAskText(
      {
        ...result,
        packing: {
          ...result.packing,
          files: Array.from({ length: 30 }, (_, i) => ({
            path: `src/module-${i}/handlers.ts`,
            ranges: [
              [10, 40],
              [90, 120],
            ] as Array<[number, number]>,
            tokens: 100,
          })),
        },
      },
      60,
    );
    expect(long).not.toContain("read_file_contents");
    expect(long.replace(/\s+/g, " ")).toContain(
      "ask again with a larger --budget",
    );
    const prose = long.split("\n").filter((line) => !line.includes(" │ "));
    for (const line of prose) expect(line.length).toBeLessThanOrEqual(60);
  });

  it("names the package outside the repository first, wrapped under its bullet", () => {
    const text = renderAskText({
      ...result,
      outsideDependencies: [ROUTER_FOUND],
    });
    expect(text.split("\n\nThe most relevant places:")[0])
      .toMatchInlineSnapshot(`
     "askcode · local:/work/uploader @ main (9fceb02d0ae5)
     Question: where do we decide to retry a failed upload?

     Part of this lives outside the repository, in a package it depends on:
     - \`router\`, declared at package.json:9 and imported at lib/application.js:6: the
       question's \`next\` is defined nowhere in the repository, and
       lib/application.js:28 is where it meets \`router\`."
    `);
  });

  it("says what to try when nothing matched", () => {
    const text = renderAskText({ ...result, places: [] });
    expect(text).toContain("Nothing in this repository matched the question.");
  });
});
