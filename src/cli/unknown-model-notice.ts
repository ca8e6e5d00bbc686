import {
  DEFAULT_ENCODING,
  knownEncodingForModel,
  MODEL_FAMILIES,
} from "../tokens/encoding-for-model.js";

/**
 * The one line `askcode ask` and `askcode eval` print when `--model` is not a
 * family whose tokenizer askcode knows, undefined when it is. A fallback, not
 * an error: a model served by vLLM or Ollama (a Llama, a Qwen) has no
 * tokenizer in askcode and must still be usable, its budgets counted with
 * o200k_base, which is close for most; but a typo ("gtp-4o") must not pass
 * in silence either, so the line names the families known.
 *
 * @example
 * unknownModelNotice("gpt-4o-mini") // undefined
 * unknownModelNotice("llama3:8b")
 * // "--model llama3:8b is not a model whose tokenizer askcode knows: its budgets are counted with o200k_base, …"
 */
export function unknownModelNotice(model: string): string | undefined {
  if (knownEncodingForModel(model)) return undefined;
  const known = MODEL_FAMILIES.map(
    (family) => `${family.prefixes.join(", ")} (${family.encoding})`,
  ).join("; ");
  return `--model ${model} is not a model whose tokenizer askcode knows: its budgets are counted with ${DEFAULT_ENCODING}, close for most models. Tokenizers known: ${known}.`;
}
