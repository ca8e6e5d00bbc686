import type { FileContent } from "../code-host/code-host.js";
import { formatLines, type LineRange } from "./line-range.js";

/** What checking a cited range decided; `range` is absent when the link is to the whole file. */
export type LinesVerdict =
  | { status: "kept"; range?: LineRange }
  | { status: "corrected"; range?: LineRange; why: string }
  | { status: "removed"; code: "lines"; why: string };

/**
 * Checks lines cited of one file against the file and against what the run
 * showed of it (`shown`, merged ranges):
 *
 * - a reversed range is turned around;
 * - a binary file has no lines: the link goes to the file;
 * - a range starting past the end is removed; one ending past it is clamped
 *   to the file's length;
 * - a range inside one shown range is kept; one overlapping exactly one shown
 *   range is clamped to the overlap; anything else cites lines the model never
 *   saw, and is removed.
 *
 * @example
 * checkCitedLines({ path: "a.ts", range: [50, 70], content, shown: [[40, 60]] })
 * // { status: "corrected", range: [50, 60], why: "only lines 40-60 of a.ts were shown" }
 */
export function checkCitedLines(input: {
  path: string;
  range: LineRange;
  content: FileContent;
  shown: readonly LineRange[];
}): LinesVerdict {
  const { path, content, shown } = input;
  const whys: string[] = [];
  let [a, b] = input.range;
  if (a > b) [a, b] = [b, a];
  if (a < 1) {
    a = 1;
    whys.push("lines start at 1");
  }
  if (content.kind === "binary")
    return {
      status: "corrected",
      why: `\`${path}\` is a binary file, which has no lines`,
    };
  if (content.kind !== "text")
    return {
      status: "removed",
      code: "lines",
      why: `\`${path}\` has no lines to cite`,
    };
  const last =
    content.totalLines ??
    (content.truncated ? Number.POSITIVE_INFINITY : content.endLine);
  const cited = `${path}${formatLines([a, b], ":")}`;
  if (a > last)
    return {
      status: "removed",
      code: "lines",
      why: `\`${cited}\` is past the end of \`${path}\` (${last} lines)`,
    };
  if (b > last) {
    b = last;
    whys.push(`\`${path}\` has ${last} lines`);
  }
  if (!shown.some(([s, e]) => s <= a && b <= e)) {
    const overlaps = shown.filter(([s, e]) => s <= b && a <= e);
    const only = overlaps.length === 1 ? overlaps[0] : undefined;
    if (!only) {
      const what =
        shown.length === 0
          ? "no lines"
          : `lines ${shown.map((r) => formatLines(r, ":").slice(1)).join(", ")}`;
      return {
        status: "removed",
        code: "lines",
        why: `\`${cited}\` was never shown (the run showed ${what} of \`${path}\`)`,
      };
    }
    a = Math.max(a, only[0]);
    b = Math.min(b, only[1]);
    whys.push(`only lines ${only[0]}-${only[1]} of \`${path}\` were shown`);
  }
  const range: LineRange = [a, b];
  const changed = a !== input.range[0] || b !== input.range[1];
  if (!changed) return { status: "kept", range };
  return {
    status: "corrected",
    range,
    why: whys.join("; ") || "the range was reversed",
  };
}
