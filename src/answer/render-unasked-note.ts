import { REPO_CONFIG_PATH } from "../config/repo-config-path.js";
import { UNASKED_MARKER } from "../question/unasked-marker.js";

/**
 * The first line of an answer nobody asked for: that nobody asked, how
 * sure retrieval was, how to ask for more and how maintainers turn it off,
 * under the hidden marker `/dismiss` finds it by. Said first so that a
 * reader who wanted no answer learns it from one line.
 *
 * @example
 * renderUnaskedNote(0.82, "askcode")
 * // "<!-- askcode:unasked -->\n_Nobody asked me, but this looks answerable from the code (confidence 0.82). …_\n\n"
 */
export function renderUnaskedNote(confidence: number, handle: string): string {
  return `${UNASKED_MARKER}\n_Nobody asked me, but this looks answerable from the code (confidence ${confidence.toFixed(2)}). Ask \`@${handle} /deeper\` for more, or \`@${handle} /dismiss\` to hide this; maintainers turn this off with \`unasked:\` in \`${REPO_CONFIG_PATH}\`._\n\n`;
}
