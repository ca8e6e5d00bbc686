import { commentPrefixFor } from "../../text/comment-prefix-for.js";
import { fenceLanguage } from "../../text/fence-language.js";
import { joinedText, type JoinedPart } from "../../tokens/count-joined.js";
import type { CopyPlace } from "../rank/chunk-copies.js";

/** A run of lines of one file as shown: whole code, cut code, or (never rendered here) metadata. */
export interface RenderedBlock {
  startLine: number;
  endLine: number;
  text: string;
  /** `text` as the parts it joins, with their tokens where known: the section is counted from them. */
  parts?: JoinedPart[];
}

/**
 * The marker that stands for omitted lines, in the file's own comment syntax
 * so the code around it still reads as code; a neutral "…" line where the
 * format has no line comment (Markdown, JSON).
 *
 * @example
 * omittedMarker("a/b.py", 120, 180, "    ") // "    # … lines 120-180 omitted"
 * omittedMarker("README.md", 5, 9, "")     // "… lines 5-9 omitted"
 */
export function omittedMarker(
  path: string,
  from: number,
  to: number,
  indent: string,
): string {
  return omittedMarkerFor(path)(from, to, indent);
}

/**
 * `omittedMarker` for one file, its comment syntax looked up once: for a
 * chunk cut in many places.
 *
 * @example
 * omittedMarkerFor("a/b.py")(120, 180, "    ") // "    # … lines 120-180 omitted"
 */
export function omittedMarkerFor(
  path: string,
): (from: number, to: number, indent: string) => string {
  const prefix = commentPrefixFor(path);
  const lead = prefix ? `${prefix} ` : "";
  return (from, to, indent) =>
    `${indent}${lead}… ${from === to ? `line ${from}` : `lines ${from}-${to}`} omitted`;
}

/** "1-42, 82-231": line ranges for headers and notes. */
export function formatRanges(
  ranges: ReadonlyArray<readonly [number, number]>,
): string {
  return ranges.map(([a, b]) => (a === b ? `${a}` : `${a}-${b}`)).join(", ");
}

/**
 * One file's section: a header line with the path and the line ranges shown,
 * then the blocks in a fenced code block, with a marker wherever lines between
 * two blocks are left out. Blocks must be in line order and not overlap.
 *
 * @example
 * renderFileSection("app/session.py", 300, [{ startLine: 41, endLine: 60, text: a }, { startLine: 90, endLine: 99, text: b }])
 * // "app/session.py (lines 41-60, 90-99 of 300)\n```python\n<a>\n# … lines 61-89 omitted\n<b>\n```"
 */
export function renderFileSection(
  path: string,
  lineCount: number,
  blocks: readonly RenderedBlock[],
  copies: readonly CopyPlace[] = [],
): string {
  return joinedText(fileSectionParts(path, lineCount, blocks, copies));
}

/**
 * The section `renderFileSection` renders, as parts that join to it: the
 * header and fence's opening, each block's parts (its text when it has
 * none), markers and line breaks, the fence's closing; `countJoined`
 * counts the section from them without tokenizing the blocks again.
 *
 * @example
 * countJoined(counter.count, fileSectionParts("app/session.py", 300, [{ startLine: 41, endLine: 60, text: a, parts: [{ text: a, tokens: 212 }] }]))
 */
export function fileSectionParts(
  path: string,
  lineCount: number,
  blocks: readonly RenderedBlock[],
  copies: readonly CopyPlace[] = [],
): JoinedPart[] {
  const ranges = blocks.map((b): [number, number] => [b.startLine, b.endLine]);
  const whole =
    blocks.length === 1 &&
    blocks[0]?.startLine === 1 &&
    blocks[0].endLine >= lineCount;
  const header = whole
    ? `${path} (all ${lineCount} lines)`
    : `${path} (lines ${formatRanges(ranges)} of ${lineCount})`;
  // The fenced lines, a line break between each two.
  const body: JoinedPart[] = [];
  const line = (...parts: readonly JoinedPart[]) => {
    if (body.length > 0) body.push("\n");
    body.push(...parts);
  };
  // Gaps before the first block and after the last are in the header's ranges already.
  let next = blocks[0]?.startLine ?? 1;
  for (const block of blocks) {
    if (block.startLine > next)
      line(
        omittedMarker(path, next, block.startLine - 1, indentOf(block.text)),
      );
    line(...(block.parts ?? [block.text]));
    next = block.endLine + 1;
  }
  const fence = fenceFor(joinedText(body));
  const notes = copies.map(
    (c) => `${copyNote(c)}
`,
  );
  return [
    `${header}\n${notes.join("")}${fence}${fenceLanguage(path)}\n`,
    ...body,
    `\n${fence}`,
  ];
}

/**
 * The line under a file's header that names a copy of some of its lines.
 *
 * @example
 * copyNote({ lines: [40, 80], path: "single_include/json.hpp", at: [15230, 15270] })
 * // "Lines 40-80 are also at single_include/json.hpp:15230-15270 (same text)."
 */
export function copyNote({ lines, path, at }: CopyPlace): string {
  return `Lines ${lines[0]}-${lines[1]} are also at ${path}:${at[0]}-${at[1]} (same text).`;
}

/** A fence longer than any run of backticks in the content, so the content cannot close it. */
export function fenceFor(content: string): string {
  let longest = 0;
  for (const m of content.matchAll(/`{3,}/g))
    longest = Math.max(longest, m[0].length);
  return "`".repeat(Math.max(3, longest + 1));
}

function indentOf(text: string): string {
  return /^[ \t]*/.exec(text)?.[0] ?? "";
}
