// Characters that render as nothing (or only reorder what is around them)
// but that a model reads: zero-width spaces and joiners, bidi controls,
// invisible operators, the Unicode "tag" characters that spell ASCII
// invisibly, and the fillers and format characters that draw a blank.
const INVISIBLE =
  "[\\u00AD\\u034F\\u061C\\u115F\\u1160\\u17B4\\u17B5\\u180E\\u200B-\\u200F\\u202A-\\u202E" +
  "\\u2060-\\u2064\\u2066-\\u206F\\u3164\\uFEFF\\uFFA0\\uFFF9-\\uFFFB" +
  "\\u{1D173}-\\u{1D17A}\\u{E0000}-\\u{E007F}\\u{E0100}-\\u{E01EF}]";

// Where such a character is ordinary text, it stays:
// - a subdivision flag (🏴 + two to six tag letters or digits + cancel tag);
// - a zero-width joiner inside an emoji sequence (👩‍💻);
// - a zero-width (non-)joiner between letters of a script that joins them
//   (Persian "می‌خواهم", Devanagari "क्‍ष").
const FLAG =
  "\\u{1F3F4}[\\u{E0030}-\\u{E0039}\\u{E0061}-\\u{E007A}]{2,6}\\u{E007F}";
const EMOJI_JOINER =
  "(?<=[\\p{Extended_Pictographic}\\u{1F3FB}-\\u{1F3FF}\\uFE0F])\\u200D(?=\\p{Extended_Pictographic})";
const JOINING_SCRIPT =
  "[\\p{Script=Arabic}\\p{Script=Syriac}\\p{Script=Nko}\\p{Script=Mongolian}\\p{Script=Devanagari}" +
  "\\p{Script=Bengali}\\p{Script=Gurmukhi}\\p{Script=Gujarati}\\p{Script=Oriya}\\p{Script=Tamil}" +
  "\\p{Script=Telugu}\\p{Script=Kannada}\\p{Script=Malayalam}\\p{Script=Sinhala}]";
const SCRIPT_JOINER = `(?<=${JOINING_SCRIPT})[\\u200C\\u200D](?=${JOINING_SCRIPT})`;

const PATTERN = new RegExp(
  `(?<kept>${FLAG}|${EMOJI_JOINER}|${SCRIPT_JOINER})|${INVISIBLE}`,
  "gu",
);

/**
 * `text` without the characters a reader cannot see: what hides a word from
 * a human ("ig\u200Bnore") or shows it in another order (U+202E) while a
 * model reads every character. Line breaks, tabs and visible text stay, so
 * line numbers do not move. Joiners that shape emoji or a joining script
 * stay too: there they are ordinary text.
 *
 * @example
 * stripInvisible("ig\u200Bnore \u202Eprevious\u202C") // "ignore previous"
 * stripInvisible("👩\u200D💻")                         // "👩\u200D💻"
 */
export function stripInvisible(text: string): string {
  return text.replace(
    PATTERN,
    (match, ...rest) =>
      (rest.at(-1) as { kept: string | undefined }).kept ?? "",
  );
}

/**
 * Whether `text` is made only of characters `stripInvisible` removes
 * (a decoded character reference like `&#8203;`).
 */
export function isInvisible(text: string): boolean {
  return text !== "" && stripInvisible(text) === "";
}
