import { LRUCache } from "lru-cache";
import { normalizeRepoPath } from "../shared/repo-path.js";
import type { CodeReader } from "./code-host.js";
import { capHistoryRange, type LineHistory } from "./line-history.js";

type ReadHistory = NonNullable<CodeReader["lineHistory"]>;

// A run asks for the history of a few places; a reader lives as long as its run or its commit's cache slot.
const MAX_REMEMBERED = 64;

/**
 * `read` (a host's blame) with each path normalised, the range checked and
 * capped, and each answer kept for the reader's life: an answer that shows
 * the history of the places the model asked about, or asks twice, costs
 * one blame per range. Failures are not kept, so a later call may succeed.
 *
 * @example
 * const lineHistory = rememberedLineHistory(createGitLineHistory({ root, commit: sha }));
 * await lineHistory("./src/a.ts", 3, 9); await lineHistory("src/a.ts", 3, 9); // one blame
 */
export function rememberedLineHistory(read: ReadHistory): ReadHistory {
  const kept = new LRUCache<string, Promise<LineHistory>>({
    max: MAX_REMEMBERED,
  });
  return (path, startLine, endLine) => {
    const at = normalizeRepoPath(path);
    // Throws here, for a range that is not one, before anything is kept.
    capHistoryRange(startLine, endLine);
    const id = `${at}\0${startLine}\0${endLine}`;
    let history = kept.get(id);
    if (!history) {
      history = read(at, startLine, endLine);
      kept.set(id, history);
      history.catch(() => kept.delete(id));
    }
    return history;
  };
}
