import type { GroundingReport } from "./ground-citations.js";
import type { LineRange } from "./line-range.js";
import { permalink, type RepositoryAtSha } from "../shared/permalink.js";

/** One file of the context: what the model was shown of it, and the cost. */
export interface ContextFile {
  path: string;
  /** Lines shown, merged; empty when only the name was. */
  ranges: LineRange[];
  tokens: number;
}

export interface ContextDetailsInput {
  repository: RepositoryAtSha;
  files: readonly ContextFile[];
  grounding?: GroundingReport;
  /** List at most this many files (the rest are counted); for fitting GitHub's limit. */
  maxFiles?: number;
  /** Leave out the list of corrected and removed citations; for fitting GitHub's limit. */
  brief?: boolean;
  /**
   * The file packing's co-change tier added from the repository's history
   * (`PackedContext.coChanged`), said under the files with why: a reader
   * wonders why a change log was read for a question about code.
   */
  coChanged?: { path: string; why: string };
}

const MAX_RANGES = 6;

/**
 * How the "Context used" section opens: what separates an answer comment's
 * answer from the list of what it was written from, for a reader of the
 * comment (`readAnswerComment`) as for this writer.
 */
export const CONTEXT_DETAILS_OPENING = "<details>\n<summary>Context used (";

/**
 * The collapsed "Context used" section: every file the answer was written
 * from, each range a permalink, with tokens; then what checking the answer's
 * citations changed, so a reader can see why a reference is not a link.
 *
 * @example
 * renderContextDetails({ repository, files: seen.files(), grounding: report })
 * // "<details>\n<summary>Context used (3 files, 2,140 tokens)</summary>\n\n- [`src/upload.ts`](…) lines [9-12](…) · 420 tokens\n…"
 */
export function renderContextDetails(input: ContextDetailsInput): string {
  const { repository, grounding } = input;
  const files = input.files.filter((f) => f.ranges.length > 0);
  const tokens = files.reduce((sum, f) => sum + f.tokens, 0);
  const listed = files.slice(0, input.maxFiles ?? files.length);
  const out = [
    `${CONTEXT_DETAILS_OPENING}${count(files.length, "file")}, ${count(tokens, "token")})</summary>`,
    "",
  ];
  for (const f of listed) {
    const link = (r?: LineRange) =>
      permalink({
        ...repository,
        path: f.path,
        startLine: r?.[0],
        endLine: r?.[1],
      });
    const ranges = f.ranges
      .slice(0, MAX_RANGES)
      .map((r) => `[${r[0] === r[1] ? r[0] : `${r[0]}-${r[1]}`}](${link(r)})`);
    if (f.ranges.length > MAX_RANGES)
      ranges.push(`${f.ranges.length - MAX_RANGES} more`);
    const one = f.ranges.length === 1 && f.ranges[0]?.[0] === f.ranges[0]?.[1];
    out.push(
      `- [\`${f.path}\`](${link()}) ${one ? "line" : "lines"} ${ranges.join(", ")} · ${count(f.tokens, "token")}`,
    );
  }
  if (listed.length < files.length)
    out.push(`- and ${count(files.length - listed.length, "more file")}`);
  if (files.length === 0) out.push("No file was shown.");
  if (input.coChanged)
    out.push(
      "",
      `From the repository's history: [\`${input.coChanged.path}\`](${permalink({ ...repository, path: input.coChanged.path })}), ${input.coChanged.why}.`,
    );
  const checked = grounding
    ? renderGrounding(grounding, repository, input.brief ?? false)
    : [];
  if (checked.length > 0) out.push("", ...checked);
  out.push("", "</details>");
  return out.join("\n");
}

function renderGrounding(
  g: GroundingReport,
  repository: RepositoryAtSha,
  brief: boolean,
): string[] {
  const total = g.kept.length + g.corrected.length + g.removed.length;
  if (total === 0) return [];
  const lines = [
    `References checked at \`${repository.sha.slice(0, 7)}\`: ${g.kept.length} linked as written, ` +
      `${g.corrected.length} corrected, ${g.removed.length} removed.`,
  ];
  if (brief) return lines;
  for (const c of g.corrected)
    lines.push(`- corrected \`${c.from}\` → \`${c.to}\`: ${c.why}`);
  for (const r of g.removed)
    lines.push(`- removed \`${r.citation}\`: ${r.why}`);
  return lines;
}

function count(n: number, noun: string): string {
  return `${n.toLocaleString("en")} ${noun}${n === 1 ? "" : "s"}`;
}
