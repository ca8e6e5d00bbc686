import { maskNonProse } from "./mask-non-prose.js";

// Words that only summon ("cc @askcode", "hey @askcode"): with nothing else
// beside the mention, the question is the issue itself.
const SUMMON_ONLY =
  /^(?:[\s,.:;!?()\-–—]|\/?cc\b|hey\b|hi\b|hello\b|ping\b|please\b|pls\b|yo\b)*$/i;

/**
 * Finds `@handle` where it asks something of askcode and returns the
 * question around it.
 *
 * A mention counts when it is a whole GitHub mention: case-insensitive, not
 * part of a longer name (`@askcode-bot`, `@askcode_x`), an email
 * (`me@askcode.dev`), a team (`@askcode/team`) or a path (`/@askcode`);
 * `@askcode[bot]` also counts, as GitHub shows the app. Punctuation may
 * follow (`@askcode,`, `@askcode?`), but not a possessive: "@askcode's answer
 * is wrong" talks about askcode, not to it. It does not count inside code (fenced
 * or inline), quoted lines or HTML comments: quoting a question or showing
 * an example is not asking one.
 *
 * The question is the whole text with every mention removed (with a `:` or
 * `,` right after it), HTML comments dropped and whitespace tidied: the
 * words around a mention are the question, and any code block or quote
 * beside it is part of what was asked. When nothing is left but the mention
 * and summoning words ("cc", "hey", "please"), `question` is `""` and the
 * caller asks the title and body instead.
 *
 * @example
 * findMention("@AskCode, where is retry decided?", "askcode")
 * // { question: "where is retry decided?" }
 * findMention("cc @askcode", "askcode")        // { question: "" }
 * findMention("see `@askcode`", "askcode")     // undefined
 * findMention("mail me@askcode.dev", "askcode") // undefined
 */
export function findMention(
  text: string,
  handle: string,
): { question: string } | undefined {
  const spans = mentionSpans(text, handle);
  if (spans.length === 0) return undefined;
  let question = "";
  let at = 0;
  for (const [start, end] of spans) {
    question += text.slice(at, start);
    at = end;
    // "is it decided, @askcode?" reads "is it decided?".
    if (/^[?!.]/.test(text.slice(end)))
      question = question.replace(/,?[ \t]+$/, "");
    // "please @askcode explain" reads "please explain"; a mention that starts
    // a line takes the space after it along.
    if (start === 0 || /[ \t\n]/.test(text[start - 1] as string)) {
      while (text[at] === " " || text[at] === "\t") at++;
    }
  }
  question = tidy(question + text.slice(at));
  return { question: SUMMON_ONLY.test(question) ? "" : question };
}

/**
 * The `[start, end)` offsets of each mention of `handle` in `text`, each
 * with the `:` or `,` that follows it.
 *
 * @example
 * mentionSpans("hi @bot: x", "bot") // [[3, 8]]
 */
export function mentionSpans(text: string, handle: string): [number, number][] {
  const name = handle.replace(/^@/, "").replace(/[^A-Za-z0-9-]/g, "");
  if (name === "") return [];
  return [...maskNonProse(text).matchAll(mentionPattern(name))].map((match) => [
    match.index,
    match.index + match[0].length,
  ]);
}

/**
 * Whether `text` mentions anyone at all, by the rules `findMention` applies
 * to one handle. The webhook handler asks this before any repository's
 * `handle` is known: a comment that mentions no one cannot be a question.
 *
 * @example
 * mentionsAnyone("@helper why?")          // true
 * mentionsAnyone("see `@helper` in docs") // false
 */
export function mentionsAnyone(text: string): boolean {
  // A GitHub login: letters, digits and single hyphens, not starting with one.
  return mentionPattern("[A-Za-z0-9][A-Za-z0-9-]*").test(maskNonProse(text));
}

function mentionPattern(name: string): RegExp {
  return new RegExp(
    // Not after a letter (an email), a path or another mention character;
    // not before more of a name, a domain (`.dev`), a team (`/team`) or a
    // possessive (`@askcode's answer` talks about askcode, not to it).
    `(?<![\\p{L}\\p{N}_.@/+\`-])@${name}(?:\\[bot\\])?(?![A-Za-z0-9_-]|[./][A-Za-z0-9_]|['’]s\\b)[:,]?`,
    "giu",
  );
}

/**
 * Drops HTML comments (never rendered, so never part of what was asked),
 * trailing spaces and the blank lines removals leave behind; spacing inside
 * lines is kept, since it may be code.
 *
 * @example
 * tidy("<!-- template hint -->\nwhy?  \n\n\n") // "why?"
 */
export function tidy(text: string): string {
  return text
    .replace(/<!--[\s\S]*?(?:-->|$)/g, "")
    .replace(/[ \t]+$/gm, "")
    .replace(/\n{3,}/g, "\n\n")
    .trim();
}
