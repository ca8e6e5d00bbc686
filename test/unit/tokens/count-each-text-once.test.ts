import { countEachTextOnce } from "../../../src/tokens/count-each-text-once.js";
import type { TokenCounter } from "../../../src/tokens/token-counter.js";

/** A counter of characters that records what it was asked to count. */
function recording(): TokenCounter & { asked: string[] } {
  const asked: string[] = [];
  return {
    asked,
    encodingName: "chars",
    count: (text) => {
      asked.push(text);
      return text.length;
    },
  };
}

describe("countEachTextOnce", () => {
  it("asks its counter once per text, however often and from whichever string it is asked", () => {
    const inner = recording();
    const counter = countEachTextOnce(inner);
    const long = "x = 1\n".repeat(40);
    const counts = [
      counter.count(long),
      counter.count("def f():"),
      counter.count(long.slice(0, 120) + long.slice(120)),
      counter.count("def f():"),
    ];
    expect(counts).toEqual([240, 8, 240, 8]);
    expect(inner.asked).toEqual([long, "def f():"]);
    expect(counter.encodingName).toBe("chars");
  });

  it("keeps what each counter was asked apart", () => {
    const inner = recording();
    countEachTextOnce(inner).count("a");
    countEachTextOnce(inner).count("a");
    expect(inner.asked).toEqual(["a", "a"]);
  });

  it("waits for its counter's tokenizer, and has no wait when its counter has none", async () => {
    const loads: string[] = [];
    const slow: TokenCounter = {
      encodingName: "o200k_base",
      count: (text) => text.length,
      ready: async () => {
        loads.push("loaded");
      },
    };
    await countEachTextOnce(slow).ready?.();
    expect(loads).toEqual(["loaded"]);
    expect(countEachTextOnce(recording()).ready).toBeUndefined();
  });
});
