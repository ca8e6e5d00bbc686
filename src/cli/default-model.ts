/**
 * The model the CLI counts tokens for unless `--model` names another:
 * `askcode ask`, `mcp` and `eval` pack for it, and `askcode index` counts
 * the chunks it keeps in its encoding (o200k_base).
 */
export const DEFAULT_MODEL = "gpt-4o";
