// The co-change tier: one file that past commits changed together with the
// files packing shows, when no term of the question found it. On the
// training part, when the file the history proposes first is a change log
// it is one of the fix's files about half the time; code is, about one time
// in sixteen (docs/benchmark.md, "Co-change").
import type { Steps } from "../../shared/time-slices.js";
import type { CoChangeHistory } from "../history/co-change-history.js";
import { coChangeKind } from "../history/co-change-kind.js";
import { rankCoChanged } from "../history/rank-co-changed.js";
import type { RankedChunk } from "../rank/rank-chunks.js";
import type { SourceFile } from "../types.js";
import type { PackingState, Placed } from "./packing-state.js";
import type {
  CoChangeTuning,
  PackedContext,
  PackInput,
} from "./packing-types.js";
import { firstLines } from "../../text/first-lines.js";

/** A co-changed file placed in the context, with why, for the packing report. */
export interface CoChangedPlaced {
  placed: Placed;
  why: string;
}

export interface CoChangedInput {
  history: CoChangeHistory;
  /** Files shown with a body, in the order shown. */
  shown: readonly string[];
  /** The ranking, best first: a code file's best chunk is its first here. */
  ranked: readonly RankedChunk[];
  /** The files at the question's commit; a file not among them is never proposed. */
  files: readonly SourceFile[];
  tuning: CoChangeTuning;
  count: (text: string) => number;
  /** Its place among the placed pieces: after every ranked chunk. */
  rank: number;
}

/**
 * The tier's piece, or undefined when the history proposes nothing that
 * clears `minSupport` or of an allowed kind: the file past commits changed
 * most often with the first `seeds` files shown (`rankCoChanged`), never a
 * file shown with a body, a lock file or one absent at the question's
 * commit; for a change log its head (the newest entries), for another file
 * its best ranked chunk (none ranked: the file from its start): as many
 * first lines as fit in `maxLines` and `maxTokens`.
 *
 * @example
 * coChangedPiece({ history, shown: ["src/session.py"], ranked, files, tuning, count, rank: 600 })?.why
 * // "changed with src/session.py in 14 of the last 1,962 commits"
 */
export function coChangedPiece(
  input: CoChangedInput,
): CoChangedPlaced | undefined {
  const { tuning, count } = input;
  const byPath = new Map(input.files.map((f) => [f.path, f]));
  const [first] = rankCoChanged({
    commits: input.history.commits,
    seeds: input.shown.slice(0, tuning.seeds),
    exclude: new Set(input.shown),
    // `files` holds only what the read policy reads (skipReason), so a lock
    // file, never read, is never proposed.
    exists: (path) => byPath.has(path),
  });
  if (!first || first.support < tuning.minSupport) return undefined;
  const kind = coChangeKind(first.file);
  if (!tuning.kinds.includes(kind)) return undefined;
  const best =
    kind === "changelog"
      ? undefined
      : input.ranked.find((r) => r.chunk.path === first.file);
  const head = best
    ? headOf(best.chunk.text, best.chunk.startLine, tuning, count)
    : headOf((byPath.get(first.file) as SourceFile).text, 1, tuning, count);
  if (!head) return undefined;
  const why = `changed with ${first.seed.file} in ${first.seed.commits} of the last ${input.history.commits.length.toLocaleString("en-US")} commits`;
  return {
    why,
    placed: {
      rank: input.rank,
      text: head.text,
      piece: {
        path: first.file,
        startLine: head.startLine,
        endLine: head.endLine,
        form: "full",
        tokens: head.tokens,
        score: best?.score ?? 0,
        context: best?.chunk.context ?? "",
        why,
      },
    },
  };
}

export interface CoChangeTierInput {
  input: Pick<PackInput, "history" | "files">;
  tuning: CoChangeTuning | null;
  /** The ranking packing considered, best first. */
  ranked: readonly RankedChunk[];
  state: PackingState;
  /** The piece's place among the placed: after every ranked chunk. */
  rank: number;
  /** The code's share of the budget. */
  budget: number;
  /** The code placed so far, rendered, with its real count. */
  shown: { text: string; tokensUsed: number };
  render: () => { text: string; tokensUsed: number };
  /** Told of each piece dropped to make room. */
  removed: (placed: Placed) => void;
  count: (text: string) => number;
}

/**
 * The tier, once the code is packed: with a history and the tier on, the
 * co-changed file's piece (`coChangedPiece`) goes in, taking the room it
 * needs from the last pieces placed (the least expected of the fix); then
 * more of them go while the real count is over the budget. Returns the text
 * and its real count, and what the report says of the file shown; `shown`
 * as it was when the tier shows nothing.
 *
 * @example
 * const tier = yield* coChangeTier({ input, tuning, ranked, state, rank: 600, budget: 12_350, shown, render, removed, count });
 * tier.coChanged // { path: "CHANGES.rst", why: "changed with src/flask/app.py in 14 of the last 1,962 commits" }
 */
export function* coChangeTier(t: CoChangeTierInput): Steps<{
  text: string;
  tokensUsed: number;
  coChanged?: PackedContext["coChanged"];
}> {
  const { state } = t;
  const found =
    t.input.history && t.tuning
      ? coChangedPiece({
          history: t.input.history,
          shown: state.orderedFiles().map((f) => f.path),
          ranked: t.ranked,
          files: t.input.files,
          tuning: t.tuning,
          count: t.count,
          rank: t.rank,
        })
      : undefined;
  if (!found) return t.shown;
  const tier = found.placed;
  const drop = (): boolean => {
    const last = state
      .placed()
      .filter((p) => p !== tier)
      .pop();
    if (!last) return false;
    state.remove(last);
    t.removed(last);
    return true;
  };
  // The estimate runs at or above the real count: free what it says is
  // missing beyond the real slack, no more.
  const before = state.total;
  const missing = () =>
    t.shown.tokensUsed + state.costOfAdding(tier) - t.budget;
  while (missing() > before - state.total && drop());
  state.add(tier);
  let shown = t.render();
  yield;
  while (shown.tokensUsed > t.budget && drop()) {
    shown = t.render();
    yield;
  }
  if (shown.tokensUsed <= t.budget)
    return { ...shown, coChanged: { path: tier.piece.path, why: found.why } };
  // Nothing else left to drop: the piece alone is over the budget.
  state.remove(tier);
  return t.render();
}

/**
 * The first lines of `text` (starting at line `startLine`) within the
 * tuning's tokens and lines, trailing blank lines dropped; undefined when not
 * even one line fits.
 */
function headOf(
  text: string,
  startLine: number,
  tuning: Pick<CoChangeTuning, "maxTokens" | "maxLines">,
  count: (text: string) => number,
):
  | { text: string; startLine: number; endLine: number; tokens: number }
  | undefined {
  const lines = firstLines(text, tuning.maxLines);
  while (lines.length > 0 && (lines.at(-1) as string).trim() === "")
    lines.pop();
  while (lines.length > 0) {
    const head = lines.join("\n");
    const tokens = count(head);
    if (tokens <= tuning.maxTokens)
      return {
        text: head,
        startLine,
        endLine: startLine + lines.length - 1,
        tokens,
      };
    lines.pop();
  }
  return undefined;
}
