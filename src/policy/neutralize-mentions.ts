import { findProseSpans } from "../text/find-prose-spans.js";

// "@login" or "@org/team" as GitHub links them: not inside a word or an email.
const MENTION =
  /(^|[^\w@`])@([A-Za-z0-9](?:[A-Za-z0-9-]{0,38})(?:\/[A-Za-z0-9_.-]+)?)\b/g;

/**
 * Keeps the model's answer from notifying people: text from an issue or a
 * file could steer the model into writing "@someone", and a posted mention
 * pings. Each mention in prose becomes `` `@someone` ``, which GitHub shows
 * as written and does not notify; code spans and blocks are left as they are.
 *
 * @example
 * neutralizeMentions("Ask @octocat, see `@decorator`") // "Ask `@octocat`, see `@decorator`"
 */
export function neutralizeMentions(markdown: string): {
  text: string;
  mentions: number;
} {
  let mentions = 0;
  let out = "";
  let copied = 0;
  // Spans cover prose only (fenced code is never yielded): copy what lies
  // between them untouched and rewrite the text spans in place.
  for (const span of findProseSpans(markdown)) {
    if (span.kind !== "text") continue;
    const rewritten = span.raw.replace(
      MENTION,
      (_match, before: string, login: string) => {
        mentions++;
        return `${before}\`@${login}\``;
      },
    );
    out += markdown.slice(copied, span.start) + rewritten;
    copied = span.start + span.raw.length;
  }
  return { text: out + markdown.slice(copied), mentions };
}
