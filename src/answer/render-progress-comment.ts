import { codeSpan } from "./render-footer.js";

/** One thing a run did, reported as it happens, for the comment askcode edits while it works. */
export type ProgressEvent =
  | { kind: "searching" }
  /** The index the search ranks: its files. */
  | { kind: "searched"; files: number }
  /** The files of the packed context, best first. */
  | { kind: "read"; paths: readonly string[] }
  /** The model is asked (the agent loop starts), with this many steps allowed. */
  | { kind: "thinking"; maxSteps: number }
  /** A tool call starts: its step, the name and the arguments the model sent (parsed when they could be). */
  | {
      kind: "tool";
      step: number;
      maxSteps: number;
      name: string;
      arguments: unknown;
    }
  | { kind: "writing" };

// Files named on the "Read" line; the rest are counted.
const MAX_NAMED_FILES = 5;

/**
 * The body of the one comment askcode posts at once and then edits as the
 * run goes, until the answer (or a failure) replaces it: a checklist of the
 * steps so far, the last one under way, and the agent's step counter.
 * Everything the model or the repository chose (tool names, arguments, file
 * paths) is shown as a code span (`codeSpan`): it cannot ping, link or
 * render HTML.
 *
 * @example
 * renderProgressComment([
 *   { kind: "searching" }, { kind: "searched", files: 120 },
 *   { kind: "read", paths: ["src/retry.ts"] }, { kind: "thinking", maxSteps: 8 },
 *   { kind: "tool", step: 1, maxSteps: 8, name: "read_file_contents", arguments: { path: "src/retry.ts", start_line: 40, end_line: 90 } },
 * ])
 * // "⏳ **askcode is working on this question** · step 1 of 8
 * //
 * // - [x] Searched the code (120 files indexed)
 * // - [x] Read `src/retry.ts`
 * // - [x] Asked the model
 * // - [ ] `read_file_contents src/retry.ts:40-90`…
 * //
 * // <sub>askcode · this comment will be updated with the answer</sub>"
 */
export function renderProgressComment(
  events: readonly ProgressEvent[],
): string {
  const lines: Array<{ done: string; doing: string }> = [];
  let counter = "";
  for (const event of events) {
    // Said once however often it is reported (the posted comment says it first).
    if (event.kind === "searching" && lines.at(-1)?.doing === SEARCHING)
      continue;
    // A finished search takes the place of the line that said it was under way.
    if (event.kind === "searched" && lines.at(-1)?.doing === SEARCHING)
      lines.pop();
    if (event.kind === "tool" || event.kind === "thinking")
      counter = ` · step ${event.kind === "tool" ? event.step : 1} of ${event.maxSteps}`;
    lines.push(describe(event));
  }
  const list = lines.map((line, i) =>
    i === lines.length - 1 ? `- [ ] ${line.doing}` : `- [x] ${line.done}`,
  );
  return [
    `${PROGRESS_HEADING}${counter}`,
    "",
    ...list,
    "",
    "<sub>askcode · this comment will be updated with the answer</sub>",
  ].join("\n");
}

const SEARCHING = "Searching the code…";

// The progress comment's first words, whatever step it is at.
const PROGRESS_HEADING = "⏳ **askcode is working on this question**";

/**
 * Whether a comment's body is a progress checklist (`renderProgressComment`):
 * a run that is under way, or one that was killed before its reply.
 *
 * @example
 * isProgressComment(renderProgressComment([{ kind: "searching" }])) // true
 */
export function isProgressComment(body: string): boolean {
  return body.startsWith(PROGRESS_HEADING);
}

function describe(event: ProgressEvent): { done: string; doing: string } {
  switch (event.kind) {
    case "searching":
      return { done: "Searched the code", doing: SEARCHING };
    case "searched": {
      const files = `${event.files.toLocaleString("en")} ${event.files === 1 ? "file" : "files"} indexed`;
      return {
        done: `Searched the code (${files})`,
        doing: `Ranking the code (${files})…`,
      };
    }
    case "read": {
      const read = `Read ${namedFiles(event.paths)}`;
      return { done: read, doing: `${read}…` };
    }
    case "thinking":
      return { done: "Asked the model", doing: "Asking the model…" };
    case "tool": {
      const call = codeSpan(describeToolCall(event.name, event.arguments));
      return { done: call, doing: `${call}…` };
    }
    case "writing":
      return { done: "Wrote the answer", doing: "Writing the answer…" };
  }
}

/** "`a.ts`, `b.ts` and 3 more"; "no files" when retrieval packed none. */
function namedFiles(paths: readonly string[]): string {
  if (paths.length === 0) return "no files";
  const named = paths.slice(0, MAX_NAMED_FILES).map(codeSpan);
  const more = paths.length - named.length;
  if (more > 0) return `${named.join(", ")} and ${more} more`;
  if (named.length === 1) return named[0]!;
  return `${named.slice(0, -1).join(", ")} and ${named.at(-1)}`;
}

/**
 * A tool call as a line a person reads: its name and main argument, the
 * path (with its lines) or the query; only the name when the arguments
 * could not be parsed.
 *
 * @example
 * describeToolCall("read_file_contents", { path: "src/retry.ts", start_line: 40, end_line: 90 }) // "read_file_contents src/retry.ts:40-90"
 * describeToolCall("search_repository_code", { query: "retry upload" })                        // 'search_repository_code "retry upload"'
 */
export function describeToolCall(name: string, args: unknown): string {
  if (typeof args !== "object" || args === null) return name;
  const given = args as Record<string, unknown>;
  if (typeof given.query === "string") return `${name} "${given.query}"`;
  if (typeof given.path === "string") {
    const { start_line: start, end_line: end } = given;
    const lines =
      typeof start === "number"
        ? `:${start}${typeof end === "number" ? `-${end}` : ""}`
        : "";
    return `${name} ${given.path || "."}${lines}`;
  }
  const first = Object.values(given).find((v) => typeof v === "string");
  return typeof first === "string" ? `${name} ${first}` : name;
}
