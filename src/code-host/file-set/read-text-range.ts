import type { ReadFileOptions, TextFile } from "../code-host.js";
import { formatBytes } from "./format-bytes.js";

export interface TextRangeInput {
  path: string;
  text: string;
  /** Size of the whole file in bytes. */
  size: number;
  blobSha?: string;
  /** The returned text stops before it would exceed this many bytes (UTF-8). */
  maxBytes: number;
}

/**
 * Cuts a decoded file down to the lines asked for (1-based, inclusive) and to
 * the byte limit, and says in `note` what it did and how to read on.
 * Out-of-range lines are clamped rather than refused: a model that asks for
 * lines 1–500 of a 200-line file gets the file.
 *
 * @example
 * readTextRange({ path: "a.ts", text: "a\nb\nc\n", size: 6, maxBytes: 1024 }, { startLine: 2 })
 * // { kind: "text", text: "b\nc", startLine: 2, endLine: 3, totalLines: 3, truncated: false, … }
 */
export function readTextRange(
  input: TextRangeInput,
  options: ReadFileOptions = {},
): TextFile {
  const whole = wholeFile(input, options);
  if (whole) return whole;
  const lines = splitLines(input.text);
  const total = lines.length;
  const notes: string[] = [];
  const start = Math.max(1, wholeNumber(options.startLine) ?? 1);
  let end = Math.min(total, wholeNumber(options.endLine) ?? total);
  if (end < start && start <= total) {
    notes.push(
      `endLine ${options.endLine} is before startLine ${start}; returned line ${start} only.`,
    );
    end = start;
  }
  const file = {
    kind: "text" as const,
    path: input.path,
    ...(input.blobSha ? { blobSha: input.blobSha } : {}),
    size: input.size,
    totalLines: total,
  };
  if (start > total) {
    notes.push(
      `The file has ${total} line${total === 1 ? "" : "s"}; startLine ${start} is past its end.`,
    );
    return {
      ...file,
      text: "",
      startLine: start,
      endLine: total,
      truncated: false,
      note: notes.join(" "),
    };
  }

  const kept: string[] = [];
  let bytes = 0;
  let truncated = false;
  for (let line = start; line <= end; line++) {
    const text = lines[line - 1] ?? "";
    const cost = Buffer.byteLength(text) + (kept.length > 0 ? 1 : 0);
    if (bytes + cost <= input.maxBytes) {
      kept.push(text);
      bytes += cost;
      continue;
    }
    truncated = true;
    const limit = formatBytes(input.maxBytes);
    if (kept.length === 0) {
      // One line alone is over the limit (minified code): return its first part.
      kept.push(cutToBytes(text, input.maxBytes));
      notes.push(
        `Line ${line} alone is over the ${limit} read limit; it was cut there.`,
      );
      if (line < end) notes.push(`Read on with startLine ${line + 1}.`);
      end = line;
    } else {
      end = line - 1;
      notes.push(
        `Cut at the ${limit} read limit after line ${end} of ${total}; read on with startLine ${line}.`,
      );
    }
    break;
  }
  const note = notes.length > 0 ? notes.join(" ") : undefined;
  return {
    ...file,
    text: kept.join("\n"),
    startLine: start,
    endLine: end,
    truncated,
    ...(note ? { note } : {}),
  };
}

/**
 * The whole file, when that is what is asked and all of it fits, without
 * splitting it into lines: what the general path gives, at a fraction of
 * its cost (reading every file of a checkout for its index is this case).
 * Undefined for anything else: a range, a file over the limit, an empty
 * file (which gets a note) or one with carriage returns (which are dropped).
 */
function wholeFile(
  input: TextRangeInput,
  options: ReadFileOptions,
): TextFile | undefined {
  if (options.startLine !== undefined || options.endLine !== undefined)
    return undefined;
  const { text } = input;
  if (text === "" || text.includes("\r")) return undefined;
  const body = text.endsWith("\n") ? text.slice(0, -1) : text;
  if (Buffer.byteLength(body) > input.maxBytes) return undefined;
  let lines = 1;
  for (let i = body.indexOf("\n"); i >= 0; i = body.indexOf("\n", i + 1))
    lines++;
  return {
    kind: "text",
    path: input.path,
    ...(input.blobSha ? { blobSha: input.blobSha } : {}),
    size: input.size,
    totalLines: lines,
    text: body,
    startLine: 1,
    endLine: lines,
    truncated: false,
  };
}

/** The file's lines without endings; a final newline does not start another line. */
function splitLines(text: string): string[] {
  if (text === "") return [];
  const lines = text.split("\n");
  if (lines[lines.length - 1] === "") lines.pop();
  return lines.map((line) => (line.endsWith("\r") ? line.slice(0, -1) : line));
}

function wholeNumber(value: number | undefined): number | undefined {
  return value === undefined || !Number.isFinite(value)
    ? undefined
    : Math.floor(value);
}

// Cuts at a character boundary: a UTF-8 sequence split at the end decodes to
// U+FFFD, which is dropped.
function cutToBytes(text: string, maxBytes: number): string {
  return Buffer.from(text)
    .subarray(0, maxBytes)
    .toString("utf8")
    .replace(/\uFFFD+$/, "");
}
