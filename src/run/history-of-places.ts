import type { GroundingReport } from "../answer/ground-citations.js";
import { renderLineHistory } from "../answer/render-line-history.js";
import type { LineHistory } from "../code-host/line-history.js";
import { asksAboutHistory } from "../text/asks-about-history.js";
import type { GatheredForAnswer } from "./gather-for-answer.js";

/** Lines of a file an answer shows or cites. */
export interface AnsweredPlace {
  path: string;
  startLine: number;
  endLine: number;
}

/** Places whose history an answer shows: the first carry the answer, and each costs a blame (one per file on GitHub). */
export const MAX_HISTORY_PLACES = 3;

/**
 * Whether the answer ends with the history of its places: `/why` asked for
 * it, or the question asks why, when, who or since which version
 * (`asksAboutHistory`).
 *
 * @example
 * wantsHistory(gathered) // true for "Why does upload() retry twice?"
 */
export function wantsHistory(
  gathered: Pick<GatheredForAnswer, "settings" | "asked">,
): boolean {
  return (
    gathered.settings.showHistory === true ||
    asksAboutHistory(gathered.asked.question)
  );
}

/**
 * The "History of the cited lines" section for the first places
 * (`renderLineHistory`), read through the run's reader at its commit;
 * "" when the answer does not want it, the host keeps no history or there
 * are no places. A place the host cannot read a history of says so in its
 * line; a failure to read at all is logged and leaves the section out,
 * since the answer stands without it.
 *
 * @example
 * await historyOfPlaces(gathered, [{ path: "src/upload.ts", startLine: 2, endLine: 7 }])
 * // "**History of the cited lines**\n\n- [`src/upload.ts`, lines 2-3](…): …"
 */
export async function historyOfPlaces(
  gathered: Pick<
    GatheredForAnswer,
    "settings" | "asked" | "reader" | "onWeb" | "services"
  >,
  places: readonly AnsweredPlace[],
): Promise<string> {
  const read = gathered.reader.lineHistory;
  if (!wantsHistory(gathered) || !read) return "";
  let histories: LineHistory[];
  try {
    // Together: each is bounded by its own timeout and the run's deadline.
    histories = await Promise.all(
      distinct(places)
        .slice(0, MAX_HISTORY_PLACES)
        .map((p) => read.call(gathered.reader, p.path, p.startLine, p.endLine)),
    );
  } catch (error) {
    gathered.services.log.warn(
      { err: error },
      "Reading the history of the answer's places failed; the answer goes without it.",
    );
    return "";
  }
  return renderLineHistory(histories, gathered.onWeb);
}

function distinct(places: readonly AnsweredPlace[]): AnsweredPlace[] {
  const seen = new Set<string>();
  return places.filter((p) => {
    const key = `${p.path}\0${p.startLine}\0${p.endLine}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/**
 * The lines a grounded answer cites, in the order it cites them: each
 * citation kept as written or corrected (`GroundingReport`, labels such as
 * `src/upload.ts:9-12`); a citation of a whole file names no lines.
 *
 * @example
 * citedPlaces({ kept: ["src/a.ts:3-9", "README.md"], corrected: [{ from: "b.ts:1", to: "src/b.ts:2", why }], removed: [] })
 * // [{ path: "src/a.ts", startLine: 3, endLine: 9 }, { path: "src/b.ts", startLine: 2, endLine: 2 }]
 */
export function citedPlaces(
  report: Pick<GroundingReport, "kept" | "corrected">,
): AnsweredPlace[] {
  const places: AnsweredPlace[] = [];
  for (const label of [...report.kept, ...report.corrected.map((c) => c.to)]) {
    const lines = /^(.+):(\d+)(?:-(\d+))?$/.exec(label);
    if (!lines) continue;
    const startLine = Number(lines[2]);
    places.push({
      path: lines[1]!,
      startLine,
      endLine: lines[3] === undefined ? startLine : Number(lines[3]),
    });
  }
  return places;
}
