import { LIST_DIRECTORY_CONTENTS } from "../tools/list-directory-contents.js";
import { READ_FILE_CONTENTS } from "../tools/read-file-contents.js";
import { SEARCH_REPOSITORY_CODE } from "../tools/search-repository-code.js";

/**
 * The names the shared tools and retrieval's notes use ("read lines 41-80
 * next: read_file_contents with start_line 41", "ask again with a larger
 * --budget"), as this server's tools and arguments are named, so that an
 * agent is never told to call a tool it does not have.
 */
const RENAMED: ReadonlyArray<[RegExp, string]> = [
  [new RegExp(`\\b${READ_FILE_CONTENTS}\\b`, "g"), "read"],
  [new RegExp(`\\b${SEARCH_REPOSITORY_CODE}\\b`, "g"), "search"],
  // A directory's files are what map lists, by their signatures.
  [new RegExp(`\\b${LIST_DIRECTORY_CONTENTS}\\b`, "g"), "map"],
  [/--budget\b/g, "budget"],
];

/**
 * `text` with the tool and option names of the App and the CLI replaced by
 * the MCP tools' own.
 *
 * @example
 * inMcpWords("Read lines 41-80 next: read_file_contents with start_line 41.")
 * // "Read lines 41-80 next: read with start_line 41."
 */
export function inMcpWords(text: string): string {
  return RENAMED.reduce((out, [from, to]) => out.replace(from, to), text);
}
