import { Tiktoken, type TiktokenBPE } from "js-tiktoken/lite";
import { createRequire } from "node:module";
import { createTokenCounter } from "../../../src/tokens/create-token-counter.js";
import { estimateTokens } from "../../../src/tokens/estimate-tokens.js";
import { seededRandom } from "../../helpers/seeded-random.js";

const require = createRequire(import.meta.url);

describe("createTokenCounter", () => {
  const counter = createTokenCounter({ model: "gpt-4o" });

  it("counts like tiktoken's own encode, including special-token text and non-ASCII", () => {
    const reference = new Tiktoken(
      require("js-tiktoken/ranks/o200k_base") as TiktokenBPE,
    );
    const random = seededRandom(7);
    const alphabet = [
      "def ",
      "class ",
      "    ",
      "\n",
      "\t",
      "self.",
      "x",
      "_",
      "(",
      ")",
      ":",
      "é",
      "日本",
      "🙂",
      "<|endoftext|>",
      "'s",
      "123456",
      " ",
      "\r\n",
      "=>",
    ];
    for (let i = 0; i < 200; i++) {
      let text = "";
      const length = random.int(0, 60);
      for (let k = 0; k < length; k++) text += random.pick(alphabet);
      expect(counter.count(text)).toBe(reference.encode(text, [], []).length);
    }
  });

  it("picks the encoding from the model", () => {
    expect(counter.encodingName).toBe("o200k_base");
    const gpt4 = createTokenCounter({ model: "gpt-4" });
    expect(gpt4.encodingName).toBe("cl100k_base");
    expect(gpt4.count("hello world")).toBe(2);
  });

  it("counts a repeated long text the same from its cache", () => {
    const text =
      "def handler(event, context):\n    return event['body']\n".repeat(50);
    const first = counter.count(text);
    expect(counter.count(text)).toBe(first);
    expect(first).toBeGreaterThan(500);
  });

  it("never throws: when the encoder fails it warns once and estimates on the high side", () => {
    const warnings: string[] = [];
    const broken = createTokenCounter(
      { log: { warn: (message) => warnings.push(message) } },
      {
        loadEncoder: () => {
          throw new Error("rank table missing");
        },
      },
    );
    const text = "function add(a, b) {\n  return a + b;\n}\n";
    expect(broken.count(text)).toBe(estimateTokens(text));
    expect(broken.count(text)).toBeGreaterThanOrEqual(counter.count(text));
    broken.count("more text");
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(/rank table missing.*estimates/);
  });

  it("is ready once its encoding is warmed, and never rejects: a failed warm-up is the first count's to report", async () => {
    const warmed: string[] = [];
    const warming = createTokenCounter(
      { model: "gpt-4" },
      { warmEncoder: async (name) => void warmed.push(name) },
    );
    await expect(warming.ready!()).resolves.toBeUndefined();
    expect(warmed).toEqual(["cl100k_base"]);

    const warnings: string[] = [];
    const broken = createTokenCounter(
      { log: { warn: (message) => warnings.push(message) } },
      {
        warmEncoder: () => Promise.reject(new Error("rank table missing")),
        loadEncoder: () => {
          throw new Error("rank table missing");
        },
      },
    );
    await expect(broken.ready!()).resolves.toBeUndefined();
    expect(warnings).toEqual([]);
    expect(broken.count("x = 1")).toBe(estimateTokens("x = 1"));
    expect(warnings).toHaveLength(1);
  });

  it("counts the empty string as nothing", () => {
    expect(counter.count("")).toBe(0);
  });
});

describe("estimateTokens", () => {
  it("overestimates real code", () => {
    const text =
      "import os\n\ndef main(argv):\n    for arg in argv:\n        print(os.path.basename(arg))\n";
    expect(estimateTokens(text)).toBeGreaterThan(
      createTokenCounter().count(text),
    );
  });

  it("counts each non-ASCII character and each punctuation character as a token", () => {
    expect(estimateTokens("日本語")).toBe(3);
    expect(estimateTokens("a, b")).toBe(4);
  });
});
