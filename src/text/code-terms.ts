import { splitIdentifier } from "./split-identifier.js";
import { stemWord } from "./stem-word.js";

/** Identifier-shaped runs: what both the index and the query are made of. */
export const IDENTIFIER = /[A-Za-z_][A-Za-z0-9_]*/g;
// Lowercase letters with no digits: a word that is its own only part.
const PLAIN = /^[a-z]+$/;

/**
 * The index terms for one identifier-shaped word: the whole word lowercased
 * (so `quantity_input` can match exactly) and its parts, stemmed (so the
 * question's "quantity inputs" matches too, and "packing" meets
 * `packRankedChunks`). Words shorter than two characters make no term.
 *
 * The index and the query analysis both go through this function, so what a
 * question asks for and what a chunk contains are spelled the same way.
 *
 * @example
 * identifierTerms("getHTTPResponses") // ["gethttpresponses", "get", "http", "respons"]
 * identifierTerms("Session")          // ["session"]
 * identifierTerms("packing")          // ["packing", "pack"]
 * identifierTerms("x")                // []
 */
export function identifierTerms(word: string): string[] {
  // Most words are plain lowercase ("self", "return"): no split, at most a stem.
  if (PLAIN.test(word)) {
    if (word.length < 2) return [];
    const stem = stemWord(word);
    return stem === word ? [word] : [word, stem];
  }
  const whole = word.toLowerCase();
  const terms = whole.length >= 2 ? [whole] : [];
  for (const part of splitIdentifier(word)) {
    const stem = stemWord(part);
    if (!terms.includes(stem)) terms.push(stem);
  }
  return terms;
}

/**
 * Looks like a name from code rather than an English word: snake_case,
 * camelCase, PascalCase with an inner capital, dunder, or letters mixed with
 * digits.
 *
 * @example
 * looksLikeCode("quantity_input") // true
 * looksLikeCode("getItem")        // true
 * looksLikeCode("InheritDocstrings") // true
 * looksLikeCode("Session")        // false (could be a sentence's first word)
 */
export function looksLikeCode(word: string): boolean {
  if (word.length < 3) return false;
  if (word.includes("_"))
    return (
      /[A-Za-z]/.test(word.replace(/_/g, "")) &&
      word.replace(/_/g, "").length >= 2
    );
  // An upper-case letter after a lower-case one: camelCase, InheritDocstrings.
  if (/[a-z][A-Z]/.test(word)) return true;
  // Letters then digits inside a word: utf8, int64, base64.
  return (
    /[A-Za-z][0-9]/.test(word) && /^[A-Za-z]/.test(word) && word.length >= 4
  );
}
