import type { createTokenCounter } from "../tokens/create-token-counter.js";
import type { TokenCounter } from "../tokens/token-counter.js";
import { openKeptEncodings } from "./kept-encodings.js";
import type { AskArgs } from "./parse-ask-args.js";
import type { TokenCountFile } from "./token-count-file.js";

/**
 * The token counter of a run or a session, with the counts kept in the
 * cache directory (none with `--no-cache`): with counts kept, a text not
 * counted before is rare, so the tokenizer loads for it then, in one piece,
 * and not ahead of time for nothing; without, it loads in time slices
 * while the files are read (and derived, on threads). Save `counts` when
 * done.
 *
 * @example
 * const { counts, tokenCounter } = openTokenCounter({ model: "gpt-4o", cacheDir }, deps);
 */
export function openTokenCounter(
  args: Pick<AskArgs, "model" | "cacheDir">,
  deps: {
    createTokenCounter: typeof createTokenCounter;
    /** The token counts kept in the cache directory. */
    openTokenCountFile: (dir: string) => TokenCountFile;
  },
): { counts: TokenCountFile | undefined; tokenCounter: TokenCounter } {
  const counts = args.cacheDir
    ? deps.openTokenCountFile(args.cacheDir)
    : undefined;
  const counter = deps.createTokenCounter({
    model: args.model,
    ...(counts ? { memo: counts.memo } : {}),
    // The decoded tokenizer too: a text counted anew loads it in place.
    ...(args.cacheDir
      ? {
          keptEncodings: openKeptEncodings(args.cacheDir, {
            log: {
              warn: (message) =>
                process.stderr.write(`${message}
`),
            },
          }),
        }
      : {}),
  });
  const tokenCounter: TokenCounter = counts?.loaded
    ? {
        count: (text) => counter.count(text),
        encodingName: counter.encodingName,
      }
    : counter;
  return { counts, tokenCounter };
}
