/** An error as a question quotes it: "ValueError: could not convert string to float: 'abc'". */
export interface ErrorMention {
  /** The exception class, without its module ("UnitsError" of "astropy.units.core.UnitsError"). */
  type: string;
  /** What follows the colon, if anything. */
  message: string;
  /**
   * The message's literal parts, split where runtime values were interpolated
   * (quoted values, numbers): worth finding verbatim, since code often raises
   * its messages as literals.
   */
  fragments: string[];
}

// "ValueError: could not convert", "astropy.units.core.UnitsError: …"
const ERROR_LINE =
  /(?:^|\s)(?:[A-Za-z_]\w*\.)*([A-Z]\w*(?:Error|Exception|Warning|Exit|Interrupt|Fault))\b(?::[ \t]*([^\n]*))?/g;

/**
 * The errors a text names, with their messages.
 *
 * @example
 * findErrorMentions("AttributeError: 'NoneType' object has no attribute 'to'")
 * // [{ type: "AttributeError", message: "'NoneType' object has no attribute 'to'", fragments: ["object has no attribute"] }]
 */
export function findErrorMentions(text: string): ErrorMention[] {
  return [...text.matchAll(ERROR_LINE)].map((m) => {
    const message = (m[2] ?? "").trim();
    return {
      type: m[1] ?? "",
      message,
      fragments: message ? messageFragments(message) : [],
    };
  });
}

function messageFragments(message: string): string[] {
  return message
    .split(/'[^']*'|"[^"]*"|`[^`]*`|\b\d[\w.]*|[<>{}()[\]]/)
    .map((s) => s.trim().replace(/^[:;,.\s]+|[:;,.\s]+$/g, ""))
    .filter((s) => s.length >= 12 && s.includes(" "));
}
