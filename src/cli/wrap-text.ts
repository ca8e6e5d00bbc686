/**
 * Breaks plain text into lines of at most `width` characters at spaces
 * (runs of spaces between words are kept),
 * each continuation line starting with `indent`; a word longer than a line
 * stays whole. Our own few lines rather than a dependency: the text is ours,
 * with no colour codes or wide characters to measure.
 *
 * @example
 * wrapText("Shown: a.py (1-9); b.py (3-4).", 16, "  ")
 * // "Shown: a.py\n  (1-9); b.py\n  (3-4)."
 */
export function wrapText(text: string, width: number, indent = ""): string {
  const lines: string[] = [];
  // The first line keeps its own indentation.
  const lead = /^ */.exec(text)?.[0] ?? "";
  let line = lead;
  for (const word of text.slice(lead.length).split(" ")) {
    if (line.trim() && line.length + 1 + word.length > width) {
      lines.push(line);
      line = indent + word;
    } else line = line.trim() ? `${line} ${word}` : line + word;
  }
  if (line) lines.push(line);
  return lines.join("\n");
}
