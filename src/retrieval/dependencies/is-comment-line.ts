/**
 * A line (trimmed) that is only a comment: `//`, `/*`, a doc comment's
 * ` * `, or `#` (not Rust's `#[attribute]`). What such a line says of an
 * import or a call is prose, not code.
 *
 * @example
 * isCommentLine("*     app.engine('ejs', require('ejs').__express);") // true
 * isCommentLine("#[derive(Serialize)]")                              // false
 */
export function isCommentLine(trimmed: string): boolean {
  return /^(?:\/\/|\/\*|\*|#(?!\[))/.test(trimmed);
}
