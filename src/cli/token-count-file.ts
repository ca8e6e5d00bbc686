import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { TokenCountMemo } from "../tokens/token-counter.js";
import type { TokenCountLookup } from "./chunk-token-counts.js";
import { replaceFile } from "./replace-file.js";

/** Token counts kept in a file between runs of the CLI. */
export interface TokenCountFile {
  /** Hand to `createTokenCounter({ memo })`. */
  memo: TokenCountMemo;
  /** Counts read from the file at open. */
  readonly loaded: number;
  /** Writes the counts back when any were added; never throws (a failure is a warning). */
  save(): Promise<void>;
}

// The version is in the name: a new layout never reads an old file.
const FILE_NAME = "token-counts-v1.json";
// About 40 bytes each on disk: 20,000 is under 1 MB, read in a few
// milliseconds, and holds the counts of some twenty questions.
const DEFAULT_MAX_ENTRIES = 20_000;

/**
 * The token counts of one cache directory (`--cache-dir`), by encoding and
 * a hash of the text (the keys `createTokenCounter` makes), kept in one
 * file. A question asked again on a checkout counts nothing and never loads
 * the tokenizer; another question counts only the texts it shows anew (the
 * compressed forms, which depend on its words, and the chunks `kept` does
 * not hold). The least recently used
 * counts go first once there are `maxEntries`. A missing file is an empty
 * memo; an unreadable or malformed one is warned about and started afresh.
 *
 * @example
 * const counts = openTokenCountFile("/home/ada/.cache/askcode", { log });
 * const counter = createTokenCounter({ model, memo: counts.memo });
 * // … pack …
 * await counts.save();
 */
export function openTokenCountFile(
  dir: string,
  deps: {
    log: { warn(message: string): void };
    maxEntries?: number;
    /**
     * Counts to look up after this file's: those a whole index kept of its
     * chunks (`openChunkTokenCounts`). What they hold is not saved here.
     */
    kept?: TokenCountLookup;
  },
): TokenCountFile {
  const path = join(dir, FILE_NAME);
  const max = deps.maxEntries ?? DEFAULT_MAX_ENTRIES;
  const read = readCounts(path);
  if (read.problem)
    deps.log.warn(
      `askcode ignored its token counts in ${path} (${read.problem}); they are counted again.`,
    );
  // The counts read, as saved (most recent first), and those this run used
  // since, least recent first: a Map keeps its order, so moving a count to
  // the end marks it used. Loading every count read into an LRU cache took
  // a warm question about 15 ms on 5,700 counts (a quarter of the most it
  // keeps), for the handful of its texts a question asks for.
  const saved = new Map(read.entries);
  const used = new Map<string, number>();
  const use = (key: string, count: number) => {
    used.delete(key);
    used.set(key, count);
    // Within one long session (askcode mcp) as across runs: at most `max`.
    if (used.size > max) used.delete(used.keys().next().value as string);
  };
  let changed = false;

  return {
    memo: {
      get(key) {
        const count = used.get(key) ?? saved.get(key);
        if (count !== undefined) use(key, count);
        return count ?? deps.kept?.get(key);
      },
      set(key, count) {
        use(key, count);
        changed = true;
      },
    },
    loaded: saved.size,
    async save() {
      if (!changed) return;
      changed = false;
      try {
        await replaceFile(
          path,
          JSON.stringify({ counts: mostRecentFirst(used, saved, max) }) + "\n",
        );
      } catch (error) {
        deps.log.warn(
          `askcode could not save its token counts in ${path} (${(error as NodeJS.ErrnoException).code ?? String(error)}); the next run counts them again.`,
        );
      }
    },
  };
}

/** The counts to save: those used, most recent first, then those read and unused, as they were read; at most `max`. */
function mostRecentFirst(
  used: ReadonlyMap<string, number>,
  saved: ReadonlyMap<string, number>,
  max: number,
): Array<[string, number]> {
  const counts = [...used].reverse();
  for (const entry of saved) {
    if (counts.length >= max) break;
    if (!used.has(entry[0])) counts.push(entry);
  }
  return counts.slice(0, max);
}

function readCounts(path: string): {
  entries: Array<[string, number]>;
  problem?: string;
} {
  let text: string;
  try {
    text = readFileSync(path, "utf8");
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    // Not there yet (a first run, or a directory that cannot be made, which save reports).
    return code === "ENOENT" || code === "ENOTDIR"
      ? { entries: [] }
      : { entries: [], problem: code ?? String(error) };
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return { entries: [], problem: "not JSON" };
  }
  const list = (parsed as { counts?: unknown } | null)?.counts;
  if (!Array.isArray(list) || !list.every(isCountEntry))
    return { entries: [], problem: "not a list of [key, count] pairs" };
  return { entries: list };
}

function isCountEntry(entry: unknown): entry is [string, number] {
  return (
    Array.isArray(entry) &&
    entry.length === 2 &&
    typeof entry[0] === "string" &&
    Number.isSafeInteger(entry[1]) &&
    (entry[1] as number) >= 0
  );
}
