import type { ChunkOptions } from "../../src/retrieval/chunks/chunk-file.js";
import { positiveInteger } from "./positive-integer-arg.js";

/**
 * The help lines of `--chunk-max-tokens` and `--chunk-merge-tokens`, shared
 * by `bench:swebench` and `fit:weights`: a chunk model is compared only on
 * the cut it was fitted on, so both commands must take the same options.
 */
export const CHUNK_OPTIONS_USAGE = `  --chunk-max-tokens N   cut files into chunks of at most N tokens (chunkFile's maxTokens,
                         default 300; 4 characters a token)
  --chunk-merge-tokens N join neighbouring small declarations up to N tokens (mergeTokens,
                         default 150)`;

/** `parseArgs`'s declarations of the two options. */
export const CHUNK_OPTION_FLAGS = {
  "chunk-max-tokens": { type: "string" },
  "chunk-merge-tokens": { type: "string" },
} as const;

/**
 * The chunk options the two flags ask for, or none when neither is given
 * (askcode's defaults, and the derived cache's usual key). Throws on a value
 * that is not a positive whole number (a merge above the largest chunk is
 * held to it by `chunkFile`).
 *
 * @example
 * chunkOptionsFromFlags({ "chunk-max-tokens": "200", "chunk-merge-tokens": "100" }) // { maxTokens: 200, mergeTokens: 100 }
 * chunkOptionsFromFlags({}) // undefined
 */
export function chunkOptionsFromFlags(values: {
  "chunk-max-tokens"?: string | undefined;
  "chunk-merge-tokens"?: string | undefined;
}): ChunkOptions | undefined {
  const maxTokens = tokens("--chunk-max-tokens", values["chunk-max-tokens"]);
  const mergeTokens = tokens(
    "--chunk-merge-tokens",
    values["chunk-merge-tokens"],
  );
  if (maxTokens === undefined && mergeTokens === undefined) return undefined;
  return {
    ...(maxTokens !== undefined ? { maxTokens } : {}),
    ...(mergeTokens !== undefined ? { mergeTokens } : {}),
  };
}

/** The flags that give `options` again, for a command written into a generated file. */
export function chunkOptionFlags(options: ChunkOptions | undefined): string[] {
  return [
    ...(options?.maxTokens !== undefined
      ? [`--chunk-max-tokens ${options.maxTokens}`]
      : []),
    ...(options?.mergeTokens !== undefined
      ? [`--chunk-merge-tokens ${options.mergeTokens}`]
      : []),
  ];
}

const tokens = (name: string, value: string | undefined) =>
  positiveInteger(name, value, { noun: "a positive whole number of tokens" });
