/**
 * `text` with CRLF line ends turned into LF, as indexing and chunking read
 * a file (a CRLF file's lines are its LF file's lines).
 *
 * @example
 * lfText("a\r\nb") // "a\nb"
 */
export function lfText(text: string): string {
  return text.includes("\r\n") ? text.replace(/\r\n/g, "\n") : text;
}
