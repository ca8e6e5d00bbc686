import { porterStem } from "./porter-stem.js";

// Lucene's EnglishAnalyzer.ENGLISH_STOP_WORDS_SET, which Anserini's
// DefaultEnglishAnalyzer (Pyserini's default) filters before stemming.
export const LUCENE_ENGLISH_STOP_WORDS: ReadonlySet<string> = new Set(
  (
    "a an and are as at be but by for if in into is it no not of on or such " +
    "that the their then there these they this to was will with"
  ).split(" "),
);

// StandardTokenizer cuts tokens longer than this (its maxTokenLength default).
const MAX_TOKEN_LENGTH = 255;

// Character classes of Unicode's word-break rules (UAX #29) that
// StandardTokenizer implements, reduced to what matters in English issue text
// and code. Han and Hiragana are cut into single characters, as Lucene does.
const LETTER = /[\p{L}\p{M}]/u;
const DIGIT = /\p{Nd}/u;
const CONNECTOR = /\p{Pc}/u; // "_" (ExtendNumLet)
const SINGLE = /[\p{Script=Han}\p{Script=Hiragana}]/u;
// Joins two letters (MidLetter, MidNumLet, Single_Quote): "requests.get", "don't".
const MID_LETTER = new Set([
  ".",
  ":",
  "'",
  "\u2019",
  "\u00b7",
  "\u2018",
  "\u2024",
  "\ufe52",
  "\uff07",
  "\uff0e",
]);
// Joins two digits (MidNum, MidNumLet, Single_Quote): "1.5", "1,000".
const MID_NUMBER = new Set([
  ".",
  ",",
  ";",
  "'",
  "\u2019",
  "\u2018",
  "\u2024",
  "\ufe52",
  "\uff07",
  "\uff0e",
  "\u066c",
  "\ufe50",
  "\ufe54",
  "\uff0c",
  "\uff1b",
]);

type Kind = "letter" | "digit" | "connector" | "single" | "other";

// Most text is ASCII: classify it by table, not by regular expression.
const ASCII_KINDS: Kind[] = Array.from({ length: 128 }, (_, c): Kind => {
  if ((c >= 97 && c <= 122) || (c >= 65 && c <= 90)) return "letter";
  if (c >= 48 && c <= 57) return "digit";
  return c === 95 ? "connector" : "other";
});

function kindOf(code: number): Kind {
  if (code < 128) return ASCII_KINDS[code] as Kind;
  const ch = String.fromCodePoint(code);
  if (SINGLE.test(ch)) return "single";
  if (LETTER.test(ch)) return "letter";
  if (DIGIT.test(ch)) return "digit";
  if (CONNECTOR.test(ch)) return "connector";
  return "other";
}

/**
 * Splits text into words the way Lucene's StandardTokenizer does (UAX #29
 * word boundaries), which matters for code: `_` joins ("output_field" is one
 * token), and so does a `.`, `:` or `'` between two letters ("requests.get",
 * "models.py") or a `.`, `,` between two digits ("1.5"). Words are runs of
 * letters, digits and `_` that hold a letter or digit; everything else
 * separates them.
 *
 * Not modelled (no effect on English issues and Python code that we found):
 * Katakana and Hebrew special cases, emoji sequences, URLs and e-mail
 * addresses (StandardTokenizer does not keep those whole either).
 *
 * @example
 * standardTokenize("Session.request() raises KeyError: 'x_y'") // ["Session.request", "raises", "KeyError", "x_y"]
 */
export function standardTokenize(text: string): string[] {
  const tokens: string[] = [];
  const width = (at: number): number =>
    (text.codePointAt(at) ?? 0) > 0xffff ? 2 : 1;
  const kindAt = (at: number): Kind | undefined =>
    at < text.length ? kindOf(text.codePointAt(at) ?? 0) : undefined;
  let i = 0;
  while (i < text.length) {
    const kind = kindAt(i) as Kind;
    if (kind === "single") {
      tokens.push(text.slice(i, i + width(i)));
      i += width(i);
      continue;
    }
    if (kind === "other") {
      i += width(i);
      continue;
    }
    // A word: letters, digits and connectors, plus a middle character when
    // the characters on both sides allow it (WB6/7 for letters, WB11/12 for digits).
    const start = i;
    let hasWordChar = false;
    let prev: Kind = kind;
    while (i < text.length) {
      const k = kindAt(i) as Kind;
      if (k === "letter" || k === "digit" || k === "connector") {
        if (k !== "connector") hasWordChar = true;
        prev = k;
        i += width(i);
        continue;
      }
      const ch = text[i] as string;
      const next = kindAt(i + width(i));
      if (
        (prev === "letter" && next === "letter" && MID_LETTER.has(ch)) ||
        (prev === "digit" && next === "digit" && MID_NUMBER.has(ch))
      ) {
        prev = k;
        i += 1;
        continue;
      }
      break;
    }
    if (hasWordChar) {
      const word = text.slice(start, i);
      for (let at = 0; at < word.length; at += MAX_TOKEN_LENGTH)
        tokens.push(word.slice(at, at + MAX_TOKEN_LENGTH));
    }
  }
  return tokens;
}

/** Turns text into index terms; see `createAnalyzer`. */
export type Analyzer = (text: string) => string[];

/**
 * Pyserini's default analyzer (Anserini's DefaultEnglishAnalyzer): the
 * StandardTokenizer, EnglishPossessiveFilter (a trailing "'s" goes),
 * lowercase, Lucene's English stop words, then the Porter stemmer. Index and
 * query go through the same chain.
 *
 * Each analyzer remembers its stems: a repository has far fewer distinct
 * words than words, and stemming is most of the cost. Make one per index, so
 * the memory goes with it.
 *
 * @example
 * createAnalyzer()("The Session's requests are retried") // ["session", "request", "retri"]
 */
export function createAnalyzer(): Analyzer {
  const stems = new Map<string, string>();
  return (text) => {
    const terms: string[] = [];
    for (const token of standardTokenize(text)) {
      const word = token.replace(/['\u2019\uff07][sS]$/, "").toLowerCase();
      if (word === "" || LUCENE_ENGLISH_STOP_WORDS.has(word)) continue;
      let stem = stems.get(word);
      if (stem === undefined) {
        stem = porterStem(word);
        stems.set(word, stem);
      }
      terms.push(stem);
    }
    return terms;
  };
}
