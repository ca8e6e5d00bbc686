import {
  READ_FILE_CONTENTS,
  readFileContentsInput,
} from "../tools/read-file-contents.js";
import { callCodeTool } from "./call-code-tool.js";
import { defineMcpTool, mcpResult, type McpTool } from "./mcp-tool.js";
import type { CheckoutSession } from "./checkout-session.js";

const inputSchema = readFileContentsInput.omit({ ref: true });

/** The shared tool's JSON, as far as this tool reads it. */
interface ReadPayload {
  path: string;
  start_line?: number;
  end_line?: number;
  total_lines?: number;
  content?: string;
  kind?: string;
  note?: string;
}

/**
 * `read`: a file of the checkout, whole or a line range, each line numbered
 * (`read_file_contents`, the App's tool, through the redacting reader).
 *
 * @example
 * await readTool(session).run({ path: "src/flask/app.py", start_line: 40, end_line: 42 })
 * // { content: [{ type: "text", text: "src/flask/app.py:40-42 (of 1536 lines)\n40\t…" }] }
 */
export function readTool(session: CheckoutSession): McpTool {
  return defineMcpTool({
    name: "read",
    description:
      "Read a file of this repository, whole or a line range, with each line numbered. " +
      "Use it to open a place that ask, search or map named (path:line), or to read on past the lines shown. " +
      "A long file is cut to a few thousand tokens, with a note naming the lines to read next. " +
      "Secret-named files (.env, keys) are refused and secrets in other files are redacted; paths outside the repository are refused.",
    inputSchema,
    async run(args) {
      const output = await callCodeTool(session, READ_FILE_CONTENTS, args);
      if (!output.ok) return mcpResult(output.text, false);
      const file = JSON.parse(output.text) as ReadPayload;
      // The App's tool shows nothing and says why; to an agent that is a
      // bad argument, like a missing file.
      if (pastTheEnd(file))
        return mcpResult(
          `${file.note ?? `start_line ${file.start_line} is past the end of ${file.path}.`} Read from start_line 1 to ${file.total_lines}.`,
          false,
        );
      return mcpResult(readText(file));
    },
  });
}

/** A range that starts after the file's last line (an empty file has none to start after). */
function pastTheEnd(file: ReadPayload): boolean {
  return (
    file.total_lines !== undefined &&
    file.total_lines > 0 &&
    (file.start_line ?? 1) > file.total_lines
  );
}

/** "path:40-80 (of 212 lines)", the numbered lines, and the note. */
function readText(file: ReadPayload): string {
  const note = file.note ? `\n${file.note}` : "";
  if (file.content === undefined)
    return `${file.path}: ${file.kind ?? "not text"}${note}`;
  const of =
    file.total_lines !== undefined ? ` (of ${file.total_lines} lines)` : "";
  return `${file.path}:${file.start_line}-${file.end_line}${of}\n${file.content}${note}`;
}
