import { writeFileSync } from "node:fs";
import { join } from "node:path";
import {
  keepChunkTokenCounts,
  openChunkTokenCounts,
} from "../../../src/cli/chunk-token-counts.js";
import { openTokenCountFile } from "../../../src/cli/token-count-file.js";
import { createTokenCounter } from "../../../src/tokens/create-token-counter.js";
import { tokenCountKey } from "../../../src/tokens/token-count-key.js";
import type { TokenCounter } from "../../../src/tokens/token-counter.js";
import { makeTempDir, removeDir } from "../../helpers/temp-repo.js";

const chunk = (i: number) => ({
  text: `def handler_${i}(event, context):\n    return event["body"][${i}] or context.default\n`,
});

function recordingCounter(encodingName = "o200k_base") {
  const counted: string[] = [];
  const real = createTokenCounter({ encoding: encodingName as "o200k_base" });
  const counter: TokenCounter = {
    encodingName,
    count: (text) => {
      counted.push(text);
      return real.count(text);
    },
  };
  return { counted, counter, real };
}

describe("chunk token counts", () => {
  let dir: string;
  const warnings: string[] = [];
  const log = { warn: (message: string) => warnings.push(message) };
  beforeEach(() => {
    dir = makeTempDir();
    warnings.length = 0;
  });
  afterEach(() => removeDir(dir));

  it("are looked up by a later process's counter, which then tokenizes none of them", async () => {
    const chunks = [chunk(1), chunk(2), { text: "x = 1" }];
    const { real, counter } = recordingCounter();
    await keepChunkTokenCounts(dir, chunks, counter, { log });

    let loads = 0;
    const later = createTokenCounter(
      {
        model: "gpt-4o",
        memo: openTokenCountFile(dir, { log, kept: openChunkTokenCounts(dir) })
          .memo,
      },
      {
        loadEncoder: () => {
          loads++;
          return { countTokens: () => 0 };
        },
      },
    );

    expect(later.count(chunk(1).text)).toBe(real.count(chunk(1).text));
    expect(later.count(chunk(2).text)).toBe(real.count(chunk(2).text));
    expect(loads).toBe(0);
    expect(warnings).toEqual([]);
  });

  it("count only the chunks not kept yet, and keep the earlier ones too", async () => {
    const first = recordingCounter();
    expect(
      await keepChunkTokenCounts(dir, [chunk(1), chunk(2)], first.counter, {
        log,
      }),
    ).toBe(2);

    const second = recordingCounter();
    const counted = await keepChunkTokenCounts(
      dir,
      [chunk(2), chunk(3), chunk(3)],
      second.counter,
      { log },
    );

    expect(counted).toBe(1);
    expect(second.counted).toEqual([chunk(3).text]);
    const kept = openChunkTokenCounts(dir);
    for (const i of [1, 2, 3])
      expect(kept.get(tokenCountKey("o200k_base", chunk(i).text))).toBe(
        first.real.count(chunk(i).text),
      );
  });

  it("are kept by encoding: another encoding's counts are never taken for its own", async () => {
    const { counter } = recordingCounter("cl100k_base");
    await keepChunkTokenCounts(dir, [chunk(1)], counter, { log });

    const kept = openChunkTokenCounts(dir);

    expect(kept.get(tokenCountKey("cl100k_base", chunk(1).text))).toBeDefined();
    expect(
      kept.get(tokenCountKey("o200k_base", chunk(1).text)),
    ).toBeUndefined();
  });

  it("are looked for again a second after there were none, for a session that outlives the index", async () => {
    let now = 0;
    const kept = openChunkTokenCounts(dir, { now: () => now });
    const key = tokenCountKey("o200k_base", chunk(1).text);
    expect(kept.get(key)).toBeUndefined();

    await keepChunkTokenCounts(dir, [chunk(1)], recordingCounter().counter, {
      log,
    });
    now = 999;
    expect(kept.get(key)).toBeUndefined();
    now = 1000;
    expect(kept.get(key)).toBe(createTokenCounter().count(chunk(1).text));
  });

  it("say so once when they cannot be written, and throw nothing", async () => {
    // A file where the folder should be: no folder can be made there.
    const blocked = join(dir, "blocked");
    writeFileSync(blocked, "");
    const counted = await keepChunkTokenCounts(
      join(blocked, "cache"),
      [chunk(1)],
      recordingCounter().counter,
      { log },
    );

    expect(counted).toBe(1);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(
      /^askcode could not keep its chunks' token counts in .*chunk-token-counts-v1-o200k_base\.bin \(ENOTDIR\); questions count them instead\.$/,
    );
  });
});
