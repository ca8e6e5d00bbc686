import { unknownModelNotice } from "../../../src/cli/unknown-model-notice.js";

describe("unknownModelNotice", () => {
  it.each(["gpt-4o", "azure/gpt-35-turbo", "openai:o3-mini", "gpt-5-mini"])(
    "says nothing of %s, whose tokenizer askcode knows",
    (model) => {
      expect(unknownModelNotice(model)).toBeUndefined();
    },
  );

  it("names the fallback and every family known, for a local model or a typo", () => {
    expect(unknownModelNotice("gtp-4o")).toBe(
      "--model gtp-4o is not a model whose tokenizer askcode knows: its budgets are counted with o200k_base, close for most models. " +
        "Tokenizers known: gpt-4o, gpt-4.1, gpt-4.5, gpt-5, chatgpt-4o, o1, o3, o4, gpt-oss (o200k_base); " +
        "gpt-4, gpt-3.5, gpt-35, text-embedding-3, text-embedding-ada-002 (cl100k_base).",
    );
  });
});
