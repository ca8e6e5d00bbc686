import { encodingForModel } from "../../../src/tokens/encoding-for-model.js";

describe("encodingForModel", () => {
  it.each([
    ["gpt-4o", "o200k_base"],
    ["gpt-4o-mini-2024-07-18", "o200k_base"],
    ["gpt-4.1-nano", "o200k_base"],
    ["gpt-5", "o200k_base"],
    ["o1-preview", "o200k_base"],
    ["o3-mini", "o200k_base"],
    ["o4-mini", "o200k_base"],
    ["gpt-4", "cl100k_base"],
    ["gpt-4-turbo-2024-04-09", "cl100k_base"],
    ["gpt-3.5-turbo", "cl100k_base"],
    ["azure/gpt-35-turbo", "cl100k_base"],
    ["openai:gpt-4o", "o200k_base"],
    ["GPT-4O", "o200k_base"],
  ])("maps %s to %s", (model, encoding) => {
    expect(encodingForModel(model)).toBe(encoding);
  });

  it("uses the fallback for other models and for none", () => {
    expect(encodingForModel("llama3:8b")).toBe("o200k_base");
    expect(encodingForModel(undefined)).toBe("o200k_base");
    expect(encodingForModel("qwen2.5-coder", "cl100k_base")).toBe(
      "cl100k_base",
    );
  });
});
