/** A question cut into the kinds of text that weigh differently. */
export interface QuestionRegions {
  /** The first non-empty line of prose: an issue's title. */
  title: string;
  /** The prose after the title, with code spans and code blocks removed. */
  prose: string;
  /** `inline code` spans, without the backticks. */
  codeSpans: string[];
  /**
   * Fenced (```) and indented (4 spaces after a blank line) code blocks, and
   * collapsed `<details>` sections, where issues keep logs and version dumps.
   */
  codeBlocks: string[];
}

const FENCE =
  /^[ \t]*(```+|~~~+)[^\n]*\n([\s\S]*?)(?:^[ \t]*\1[ \t]*$|$(?![\s\S]))/gm;
const CODE_SPAN = /(`+)([^`\n]+?)\1/g;
const DETAILS = /<details>([\s\S]*?)(?:<\/details>|$(?![\s\S]))/gi;
const HTML_COMMENT = /<!--[\s\S]*?(?:-->|$(?![\s\S]))/g;

/**
 * The question without what issue templates add: HTML comments (GitHub hides
 * them; they hold the template's instructions) and Windows line ends.
 *
 * @example
 * cleanQuestion("Bug\r\n<!-- Please describe the bug -->\r\nIt crashes") // "Bug\n\nIt crashes"
 */
export function cleanQuestion(question: string): string {
  return question.replace(/\r\n?/g, "\n").replace(HTML_COMMENT, "");
}

/**
 * Separates a Markdown question into title, prose, inline code and code blocks
 * (see `cleanQuestion` for what is dropped first). Unclosed fences run to the
 * end, as GitHub renders them.
 *
 * @example
 * questionRegions("Crash in `parse`\n\n```py\nparse(None)\n```\nIt fails.")
 * // { title: "Crash in  ", prose: "\n\nIt fails.", codeSpans: ["parse"], codeBlocks: ["parse(None)\n"] }
 */
export function questionRegions(question: string): QuestionRegions {
  const codeBlocks: string[] = [];
  let rest = cleanQuestion(question).replace(DETAILS, (_all, body: string) => {
    codeBlocks.push(body.replace(/<summary>[\s\S]*?<\/summary>/i, ""));
    return "\n";
  });
  rest = rest.replace(FENCE, (_all, _fence: string, body: string) => {
    codeBlocks.push(body);
    return "\n";
  });
  rest = takeIndentedBlocks(rest, codeBlocks);
  const codeSpans: string[] = [];
  const prose = rest.replace(
    CODE_SPAN,
    (_all, _ticks: string, body: string) => {
      codeSpans.push(body.trim());
      return " ";
    },
  );
  const lines = prose.split("\n");
  const first = lines.findIndex((line) => line.trim() !== "");
  if (first < 0) return { title: "", prose, codeSpans, codeBlocks };
  return {
    title: lines[first] ?? "",
    prose: lines.slice(first + 1).join("\n"),
    codeSpans,
    codeBlocks,
  };
}

/** Moves Markdown's indented code blocks (4+ spaces or a tab, after a blank line) into `blocks`. */
function takeIndentedBlocks(text: string, blocks: string[]): string {
  const lines = text.split("\n");
  const kept: string[] = [];
  let block: string[] | undefined;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] ?? "";
    const indented = /^(?: {4}|\t)/.test(line) && line.trim() !== "";
    if (block && (indented || line.trim() === "")) {
      block.push(line);
      continue;
    }
    if (block) {
      blocks.push(block.join("\n"));
      block = undefined;
    }
    // A list item's continuation is indented too; only start after a blank line
    // that does not follow a list item.
    if (
      indented &&
      (lines[i - 1] ?? "").trim() === "" &&
      !/^\s*(?:[-*+]|\d+\.)\s/.test(lines[i - 2] ?? "")
    ) {
      block = [line];
      continue;
    }
    kept.push(line);
  }
  if (block) blocks.push(block.join("\n"));
  return kept.join("\n");
}
