/** The tiktoken encodings askcode ships rank tables for. */
export type EncodingName = "o200k_base" | "cl100k_base";

/** Used for models we do not recognise: the encoding of every current OpenAI family. */
export const DEFAULT_ENCODING: EncodingName = "o200k_base";

// Model names arrive with dates, sizes and provider prefixes ("gpt-4o-mini-2024-07-18",
// "azure/gpt-4.1", "openai:o3-mini"), so we match families by prefix rather than
// listing every name as js-tiktoken's getEncodingNameForModel does (it throws on
// names it does not know). Order matters: "gpt-4o" and "gpt-4.1" before "gpt-4".
// Source for the families: tiktoken's model.py (MODEL_PREFIX_TO_ENCODING).
/** The model families whose encoding is known, by name prefix, first match wins. */
export const MODEL_FAMILIES: ReadonlyArray<{
  prefixes: readonly string[];
  encoding: EncodingName;
}> = [
  {
    prefixes: [
      "gpt-4o",
      "gpt-4.1",
      "gpt-4.5",
      "gpt-5",
      "chatgpt-4o",
      "o1",
      "o3",
      "o4",
      "gpt-oss",
    ],
    encoding: "o200k_base",
  },
  {
    prefixes: [
      "gpt-4",
      "gpt-3.5",
      "gpt-35",
      "text-embedding-3",
      "text-embedding-ada-002",
    ],
    encoding: "cl100k_base",
  },
];

/**
 * The encoding of a model of a family askcode knows (`MODEL_FAMILIES`),
 * undefined for any other name: a local Llama through vLLM, say.
 *
 * @example
 * knownEncodingForModel("azure/gpt-3.5-turbo") // "cl100k_base"
 * knownEncodingForModel("llama3:8b")           // undefined
 */
export function knownEncodingForModel(model: string): EncodingName | undefined {
  // Drop a provider prefix such as "openai/" or "azure:".
  const name = model
    .trim()
    .toLowerCase()
    .replace(/^[\w.-]+[/:]/, "");
  return MODEL_FAMILIES.find((family) =>
    family.prefixes.some((prefix) => name.startsWith(prefix)),
  )?.encoding;
}

/**
 * Picks the tokenizer encoding for a model name; `fallback` for names that are
 * not an OpenAI family (a local Llama through vLLM, say), where no encoding is
 * exact and o200k_base is a fair approximation.
 *
 * @example
 * encodingForModel("gpt-4o-mini")          // "o200k_base"
 * encodingForModel("gpt-4-0613")           // "cl100k_base"
 * encodingForModel("azure/gpt-3.5-turbo")  // "cl100k_base"
 * encodingForModel("llama3:8b")            // "o200k_base" (the fallback)
 */
export function encodingForModel(
  model: string | undefined,
  fallback: EncodingName = DEFAULT_ENCODING,
): EncodingName {
  return (model && knownEncodingForModel(model)) || fallback;
}
