import {
  renderAnswerComment,
  type AnswerCommentInput,
  type RenderedComment,
} from "../answer/render-answer-comment.js";
import { redactSecrets, type RedactOptions } from "../policy/redact-secrets.js";
import type { Redacted } from "../policy/replace-secret-spans.js";
import {
  loadGrammarsFor,
  type ChunkOptions,
} from "../retrieval/chunks/chunk-file.js";
import { Bm25Builder } from "../retrieval/index/bm25-builder.js";
import {
  deriveFile,
  type DerivedFile,
} from "../retrieval/index/derive-file.js";

/** Work a `CpuPool` hands to one of its threads. */
export type CpuTask =
  | { kind: "redact"; text: string; options: RedactOptions }
  | { kind: "render-answer"; input: AnswerCommentInput }
  | {
      kind: "derive";
      /** Files with LF line ends, as indexing reads them. */
      files: ReadonlyArray<{ path: string; text: string }>;
      options: ChunkOptions;
    };

/**
 * The entry of a `CpuPool` thread (piscina calls the default export with
 * each task). What it does is what the event loop would otherwise do: the
 * same functions, so a file redacted or derived and an answer rendered here
 * are what the main thread would make, and the results come back by
 * structured clone (strings, arrays and typed arrays only).
 */
export default async function runCpuTask(
  task: CpuTask,
): Promise<Redacted | RenderedComment | DerivedFile[]> {
  if (task.kind === "redact") return redactSecrets(task.text, task.options);
  if (task.kind === "render-answer") return renderAnswerComment(task.input);
  await loadGrammarsFor(task.files);
  // One counter per batch, as one indexing run uses one: it learns each
  // distinct word's terms once across the batch's files.
  const counter = new Bm25Builder();
  return task.files.map((file) => deriveFile(file, task.options, counter));
}
