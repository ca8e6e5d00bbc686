import type { SeenRange } from "../tools/tool.js";
import { stripInvisible } from "../text/strip-invisible.js";
import { dataBlock } from "./data-block.js";

/** Packages outside the repository the best code leads into, as the first message shows them. */
export interface OutsideNote {
  /** What to tell the model, in askcode's words (`describeOutsideDependencies`, places as `path#L12`). */
  note: string;
  /** The lines the note cites: where each package is declared, imported and used. */
  lines: ReadonlyArray<{ path: string; line: number; text: string }>;
}

/**
 * The first message's section on code the repository does not hold: the
 * note, the lines it cites as a data block (so the model may cite them,
 * and they count as seen), and what to do about it: say which package
 * holds that part, rather than pass off the repository's nearest code as
 * the answer, since no tool can read the package.
 *
 * @example
 * renderOutsideNote({ note: "Part of this lives outside the repository …", lines: [{ path: "package.json", line: 57, text: '"router": "^2.2.0"' }] }, "9fceb02…")
 * // { text: "# Outside the repository\nPart of this lives … <data from=\"lines of the repository at 9fceb02…\">\npackage.json#L57: \"router\": \"^2.2.0\"\n</data>\n…",
 * //   seen: [{ path: "package.json", startLine: 57, endLine: 57 }] }
 */
export function renderOutsideNote(
  outside: OutsideNote,
  sha?: string,
): { text: string; seen: SeenRange[] } {
  const at = sha ? ` at ${sha}` : "";
  const quoted = outside.lines
    .map((l) => `${l.path}#L${l.line}: ${l.text}`)
    .join("\n");
  return {
    text:
      `# Outside the repository\n${outside.note}\n` +
      dataBlock(`lines of the repository${at}`, stripInvisible(quoted)) +
      "\nThe code of these packages is not in the repository, and no tool can read it. " +
      "Where the question turns on it, say in the answer which package holds that part, " +
      "and do not present the repository's nearest code as the whole answer.",
    seen: outside.lines.map((l) => ({
      path: l.path,
      startLine: l.line,
      endLine: l.line,
    })),
  };
}
