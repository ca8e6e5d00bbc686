import type { RankedChunk } from "../../../src/retrieval/rank/rank-chunks.js";
import type { PackedContext } from "../../../src/retrieval/pack/packing-types.js";

export const SHA = "9fceb02d0ae598e95dc970b74767f19372d61af8";
export const repository = { owner: "octo", repo: "uploader", sha: SHA };

export const UPLOAD_TS = `import { sleep } from "./sleep.js";

/** Decides whether a failed upload is tried again. */
export function shouldRetryUpload(status: number, attempt: number): boolean {
  if (attempt >= MAX_ATTEMPTS) return false;
  return status === 429 || status >= 500;
}

const MAX_ATTEMPTS = 5;

export async function upload(body: Uint8Array, send: (b: Uint8Array) => Promise<number>) {
  for (let attempt = 0; ; attempt++) {
    const status = await send(body);
    if (status < 400 || !shouldRetryUpload(status, attempt)) return status;
    await sleep(2 ** attempt * 100);
  }
}`;

export const CONFIG_PY = `class UploadConfig:
    """Settings for the uploader."""

    def __init__(self, retries: int = 5):
        self.retries = retries`;

/** A ranking as retrieval returns it, for the question "where do we decide to retry a failed upload?". */
export const ranked: RankedChunk[] = [
  {
    chunk: {
      id: 0,
      fileId: 0,
      path: "src/upload.ts",
      startLine: 3,
      endLine: 7,
      text: UPLOAD_TS.split("\n").slice(2, 7).join("\n"),
      kind: "function",
      context: "function shouldRetryUpload",
      defines: ["shouldRetryUpload"],
    },
    score: 21.5,
    matchedTerms: ["shouldretryupload", "retry", "upload", "failed"],
    why: [
      { kind: "definition", detail: "declares shouldretryupload", points: 9.2 },
      {
        kind: "term",
        detail: '"retry" (identifier part, ×2 in chunk)',
        points: 6.1,
      },
      { kind: "term", detail: '"upload" (word, ×3 in chunk)', points: 4.0 },
      {
        kind: "file",
        detail: "file src/upload.ts matches the question as a whole",
        points: 2.2,
      },
    ],
  },
  {
    // Overlaps the first place: not listed again.
    chunk: {
      id: 1,
      fileId: 0,
      path: "src/upload.ts",
      startLine: 5,
      endLine: 9,
      text: UPLOAD_TS.split("\n").slice(4, 9).join("\n"),
      kind: "block",
      context: "",
      defines: [],
    },
    score: 12,
    matchedTerms: ["retry"],
    why: [{ kind: "term", detail: '"retry"', points: 12 }],
  },
  {
    chunk: {
      id: 2,
      fileId: 0,
      path: "src/upload.ts",
      startLine: 11,
      endLine: 17,
      text: UPLOAD_TS.split("\n").slice(10, 17).join("\n"),
      kind: "function",
      context: "function upload",
      defines: ["upload"],
    },
    score: 14.25,
    matchedTerms: ["upload", "shouldretryupload", "retry"],
    why: [
      { kind: "term", detail: '"upload" (word, ×2 in chunk)', points: 8 },
      { kind: "place", detail: "stack frame src/upload.ts:14", points: 4 },
      {
        kind: "stack-frame",
        detail: "holds line 14 of stack frame src/upload.ts:14",
        points: 2,
      },
    ],
  },
  {
    chunk: {
      id: 3,
      fileId: 1,
      path: "uploader/config.py",
      startLine: 1,
      endLine: 5,
      text: CONFIG_PY,
      kind: "class",
      context: "class UploadConfig",
      defines: ["UploadConfig"],
    },
    score: 5.5,
    matchedTerms: ["retries"],
    why: [
      { kind: "phrase", detail: 'contains "retries: int"', points: 3 },
      { kind: "term", detail: '"retries"', points: 2.5 },
    ],
  },
];

export const context: Pick<PackedContext, "files" | "pieces"> = {
  files: [
    { path: "src/upload.ts", ranges: [[1, 17]], tokens: 161 },
    { path: "uploader/config.py", ranges: [[1, 5]], tokens: 38 },
  ],
  pieces: [],
};
