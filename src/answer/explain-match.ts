import type { RankedChunk } from "../retrieval/rank/rank-chunks.js";

const MAX_TERMS = 4;

/**
 * Why a place matched, in a sentence for the person who asked: what it
 * defines, where the question pointed at it (a path, a stack frame, an error
 * message), and which of the question's words it uses, strongest first. Names
 * are in code spans, in the case the code writes them, so `@someone` quoted
 * from an issue never pings anyone.
 *
 * Reads the ranking's own reasons (`RankedChunk.why`); a reason it does not
 * recognise is left out rather than shown as a score.
 *
 * @example
 * explainMatch(ranked[0])
 * // "Defines `shouldRetryUpload`; mentions `retry`, `upload` and `failed`."
 */
export function explainMatch(ranked: RankedChunk): string {
  const { chunk, why, matchedTerms } = ranked;
  const parts: string[] = [];
  const defined = new Set<string>();
  const add = (part: string) => {
    if (!parts.includes(part)) parts.push(part);
  };
  for (const w of why) {
    if (w.points <= 0) continue;
    switch (w.kind) {
      case "definition": {
        const name = /^declares (.+)$/.exec(w.detail)?.[1];
        if (name) defined.add(name.toLowerCase());
        break;
      }
      case "place":
        add(
          w.detail.startsWith("stack frame")
            ? "the stack trace in the question runs through this file"
            : "the question names this file",
        );
        break;
      case "stack-frame": {
        const line = /holds line (\d+)/.exec(w.detail)?.[1];
        add(
          line
            ? `holds line ${line} from the question's stack trace`
            : "holds a line from the question's stack trace",
        );
        break;
      }
      case "phrase": {
        const text = /^contains "(.*)"$/.exec(w.detail)?.[1];
        if (text) add(`contains the text ${code(text)} from the question`);
        break;
      }
      default:
        break;
    }
  }
  if (defined.size > 0)
    parts.unshift(
      `defines ${list([...defined].map((n) => code(inCodeCase(n, chunk))))}`,
    );
  // Strongest first; a part of a term already named ("hub" of "github") adds nothing.
  const named = [...defined];
  for (const t of matchedTerms) {
    if (named.length - defined.size >= MAX_TERMS) break;
    if (!named.some((n) => n.includes(t))) named.push(t);
  }
  const words = named
    .slice(defined.size)
    .map((t) => code(inCodeCase(t, chunk)));
  if (words.length > 0) parts.push(`mentions ${list(words)}`);
  if (parts.length === 0) return "Matches the question as a whole.";
  const sentence = parts.join("; ");
  return `${sentence[0]?.toUpperCase()}${sentence.slice(1)}.`;
}

/** The term as the code spells it (`shouldRetryUpload` for "shouldretryupload"), preferring a whole word. */
function inCodeCase(
  term: string,
  chunk: { text: string; defines: string[] },
): string {
  const defined = chunk.defines.find((d) => d.toLowerCase() === term);
  if (defined) return defined;
  const escaped = term.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  const found =
    new RegExp(`(?<![A-Za-z0-9_])${escaped}(?![A-Za-z0-9_])`, "i").exec(
      chunk.text,
    ) ?? new RegExp(escaped, "i").exec(chunk.text);
  const spelled = found?.[0] ?? term;
  // A part cut out of camelCase ("Retry" of shouldRetry) reads as the word it is.
  return found && !/^[A-Za-z0-9_]$/.test(chunk.text[found.index - 1] ?? "")
    ? spelled
    : spelled.toLowerCase();
}

function list(items: string[]): string {
  if (items.length <= 1) return items.join("");
  return `${items.slice(0, -1).join(", ")} and ${items.at(-1)}`;
}

function code(text: string): string {
  const clean = text.replace(/`/g, "'").replace(/\s+/g, " ");
  return `\`${clean}\``;
}
