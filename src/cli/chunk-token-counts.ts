import { readFileSync } from "node:fs";
import { join } from "node:path";
import {
  countTableRows,
  decodeCountTable,
  encodeCountTable,
  type CountTable,
} from "../tokens/count-table.js";
import { tokenCountKey } from "../tokens/token-count-key.js";
import type { TokenCounter } from "../tokens/token-counter.js";
import { replaceFile } from "./replace-file.js";

// The version is in the name: a new layout never reads an old file.
const fileName = (encodingName: string) =>
  `chunk-token-counts-v1-${encodingName}.bin`;
// 12 bytes a chunk: 6 MB, the chunks of some fifteen checkouts of django's
// size (28,829 chunks on the 6,713-file one).
const MAX_CHUNKS = 500_000;

/** Counts looked up by memo key (`tokenCountKey`): what `openTokenCountFile` consults after its own. */
export interface TokenCountLookup {
  get(key: string): number | undefined;
}

// A table not there yet is looked for again after this long: an `askcode
// mcp` session outlives the background index its first call started.
const RETRY_MS = 1000;

/**
 * The chunk counts `keepChunkTokenCounts` kept in `dir`, each encoding's
 * file read when a key of that encoding is first looked up (a question
 * that counts nothing anew reads none), and read again at most once a
 * second while there is none. A missing, cut or changed file holds
 * nothing.
 *
 * @example
 * const counts = openTokenCountFile(cacheDir, { log, kept: openChunkTokenCounts(cacheDir) });
 */
export function openChunkTokenCounts(
  dir: string,
  deps: { now?: () => number } = {},
): TokenCountLookup {
  const now = deps.now ?? Date.now;
  const tables = new Map<string, { table?: CountTable; readAt: number }>();
  return {
    get(key) {
      const encodingName = key.slice(0, key.indexOf(":"));
      if (encodingName === "") return undefined;
      let read = tables.get(encodingName);
      if (!read || (!read.table && now() - read.readAt >= RETRY_MS)) {
        const table = readTable(dir, encodingName);
        read = { ...(table ? { table } : {}), readAt: now() };
        tables.set(encodingName, read);
      }
      return read.table?.get(key);
    },
  };
}

function readTable(dir: string, encodingName: string): CountTable | undefined {
  try {
    return decodeCountTable(
      readFileSync(join(dir, fileName(encodingName))),
      encodingName,
    );
  } catch {
    return undefined;
  }
}

/**
 * Counts the texts of a whole index's chunks that `dir` does not hold
 * counted yet, with `counter`, and keeps them there with those kept
 * before (the newest first, at most `MAX_CHUNKS`): a question then looks
 * up each chunk it weighs whole instead of tokenizing it, which was most
 * of what a new question on a warm index counted. Returns how many it
 * counted. Never throws for the disk's sake: a failed write is said on
 * `log` and costs the questions only time.
 *
 * @example
 * await keepChunkTokenCounts(cacheDir, index.chunks, createTokenCounter({ keptEncodings }), { log });
 */
export async function keepChunkTokenCounts(
  dir: string,
  chunks: Iterable<{ text: string }>,
  counter: TokenCounter,
  deps: { log: { warn(message: string): void } },
): Promise<number> {
  const encodingName = counter.encodingName;
  const kept = readTable(dir, encodingName);
  const counted = new Map<string, number>();
  for (const { text } of chunks) {
    const key = tokenCountKey(encodingName, text);
    // Short texts are keyed by themselves, which a table does not hold.
    if (!key.startsWith(`${encodingName}:`) || counted.has(key)) continue;
    if (kept?.get(key) === undefined) counted.set(key, counter.count(text));
  }
  if (counted.size === 0) return 0;
  const rows = countTableRows(encodingName, counted, {
    ...(kept ? { older: kept.rows } : {}),
    max: MAX_CHUNKS,
  });
  const path = join(dir, fileName(encodingName));
  try {
    await replaceFile(path, encodeCountTable(encodingName, rows));
  } catch (error) {
    deps.log.warn(
      `askcode could not keep its chunks' token counts in ${path} (${(error as NodeJS.ErrnoException).code ?? String(error)}); questions count them instead.`,
    );
  }
  return counted.size;
}
