import {
  IDENTIFIER,
  identifierTerms,
  looksLikeCode,
} from "../../text/code-terms.js";
import { findErrorMentions } from "./error-messages.js";
import { findPathMentions, type PathMention } from "./path-mentions.js";
import { isOpaqueToken } from "./opaque-token.js";
import {
  MAX_QUERY_TERMS,
  MAX_REPEAT_BONUS,
  PART_WEIGHT_FACTOR,
  QUERY_WEIGHTS as W,
  REPEAT_BONUS,
} from "./query-weights.js";
import { cleanQuestion, questionRegions } from "./question-regions.js";
import { parseStackFrames, type StackFrame } from "./stack-frames.js";
import { qualifiedNames, type QualifiedName } from "./qualified-names.js";
import { isStopWord } from "../../text/stop-words.js";
import type { QueryTerm, TermSource } from "./query-term.js";
import { bridgeTerms, type BridgeOptions } from "./vocabulary-bridge.js";
import { compareTerms } from "../../text/compare-terms.js";

export type { QueryTerm, TermSource } from "./query-term.js";

/** A literal string worth finding verbatim in the code (error messages are often raised literally). */
export interface Phrase {
  text: string;
  source: "errorMessage" | "quoted";
  weight: number;
}

export interface QueryOptions {
  /** Expand the question's plain words with code terms (off when absent). */
  bridge?: BridgeOptions;
}

export interface QueryAnalysis {
  /** Strongest first. */
  terms: QueryTerm[];
  paths: PathMention[];
  frames: StackFrame[];
  phrases: Phrase[];
  /** Members named with their type or namespace (`Sender::len`), first written first. */
  members: QualifiedName[];
}

// 'single' or "double" quoted text in prose, not apostrophes inside words.
const QUOTED = /(?<![\w'"])(["'])([^"'\n]{2,80})\1(?![\w'"])/g;
// A link in the prose: its host and path are no names from the code, and
// "en.cppreference.com" would read as attribute access ("cppreference" and
// "com" as identifiers). Files a link names are found as path mentions.
const LINK = /\b(?:https?:\/\/|www\.)[^\s<>()"'`]+/g;

/**
 * Turns an issue's text into weighted search terms, mentioned places, stack
 * frames and literal phrases. Every term says where it came from, so a ranked
 * result can explain itself. With `options.bridge`, the question's plain
 * words also bring in, at a low weight, the code terms that fixes of issues
 * using those words touched (`bridgeTerms`).
 *
 * @example
 * const q = analyzeQuery("`quantity_input` fails\n\nFile \"astropy/units/decorators.py\", line 225, in wrapper");
 * q.terms[0]  // { term: "quantity_input", weight: 3, source: "codeSpan", count: 1, symbol: true }
 * q.frames[0] // { path: "astropy/units/decorators.py", line: 225, functionName: "wrapper", style: "python" }
 */
export function analyzeQuery(
  question: string,
  options: QueryOptions = {},
): QueryAnalysis {
  const text = cleanQuestion(question);
  const regions = questionRegions(text);
  const terms = new Map<string, QueryTerm>();
  const add = (
    word: string,
    weight: number,
    source: TermSource,
    symbol: boolean,
  ): void => {
    if (isOpaqueToken(word)) return;
    identifierTerms(word).forEach((term, i) => {
      // The first term is the whole word; the rest are its parts and stems,
      // which say less than the whole.
      const w = i === 0 ? weight : weight * PART_WEIGHT_FACTOR;
      const old = terms.get(term);
      if (!old)
        terms.set(term, {
          term,
          weight: w,
          source,
          count: 1,
          symbol: symbol && i === 0,
        });
      else {
        old.count++;
        if (w > old.weight) Object.assign(old, { weight: w, source });
        old.symbol ||= symbol && i === 0;
      }
    });
  };
  const addWords = (
    words: string,
    symbolWeight: number,
    symbolSource: TermSource,
    wordWeight: number,
    wordSource: TermSource,
  ): void => {
    for (const m of words.matchAll(IDENTIFIER)) {
      const word = m[0];
      const next = words[(m.index ?? 0) + word.length];
      const previous = words[(m.index ?? 0) - 1];
      // Called or accessed ("parse(", ".shape") reads as code even when the word is plain.
      if (
        looksLikeCode(word) ||
        (word.length >= 3 && (next === "(" || previous === "."))
      )
        add(word, symbolWeight, symbolSource, true);
      else if (word.length >= 3 && !isStopWord(word))
        add(word, wordWeight, wordSource, false);
    }
  };

  const frames = parseStackFrames(text);
  for (const frame of frames)
    if (frame.functionName)
      add(frame.functionName, W.stackFrameFunction, "stackFrameFunction", true);

  const phrases: Phrase[] = [];
  for (const error of findErrorMentions(text)) {
    add(error.type, W.errorType, "errorType", true);
    addWords(
      error.message,
      W.errorMessage,
      "errorMessage",
      W.errorMessage,
      "errorMessage",
    );
    for (const fragment of error.fragments)
      phrases.push({
        text: fragment,
        source: "errorMessage",
        weight: W.errorMessage,
      });
  }

  for (const span of regions.codeSpans) {
    const single = /^[\w.$]+(?:\(\))?$/.test(span);
    if (single)
      for (const m of span.matchAll(IDENTIFIER))
        add(m[0], W.codeSpan, "codeSpan", true);
    else
      addWords(span, W.codeSpan, "codeSpan", W.codeBlockWord, "codeBlockWord");
  }
  for (const block of regions.codeBlocks)
    addWords(
      block,
      W.codeBlockIdentifier,
      "codeBlockIdentifier",
      W.codeBlockWord,
      "codeBlockWord",
    );

  for (const m of `${regions.title}\n${regions.prose}`.matchAll(QUOTED)) {
    const inner = (m[2] ?? "").trim();
    if (/^[\w.]+$/.test(inner))
      for (const w of inner.matchAll(IDENTIFIER)) {
        const code = looksLikeCode(w[0]);
        add(w[0], code ? W.codeSpan : W.quoted, "quoted", code);
      }
    else if (inner.length >= 12 && inner.includes(" "))
      phrases.push({ text: inner, source: "quoted", weight: W.quoted });
  }
  addWords(
    regions.title.replace(LINK, " "),
    W.identifier,
    "identifier",
    W.title,
    "title",
  );
  addWords(
    regions.prose.replace(LINK, " "),
    W.identifier,
    "identifier",
    W.word,
    "word",
  );

  const paths = findPathMentions(text, frames);
  for (const mention of paths) {
    // Only paths written out: a frame's file is matched as a path, and a
    // module's name may be an attribute chain ("np.linalg").
    if (mention.source !== "path") continue;
    const base =
      mention.path
        .split("/")
        .pop()
        ?.replace(/\.\w+$/, "") ?? "";
    if (base && base !== "__init__") add(base, W.pathName, "pathName", false);
  }

  const byWeight = (a: QueryTerm, b: QueryTerm) =>
    b.weight - a.weight || compareTerms(a.term, b.term);
  const ranked = [...terms.values()]
    .map((t) => ({
      ...t,
      weight:
        t.weight * (1 + REPEAT_BONUS * Math.min(t.count - 1, MAX_REPEAT_BONUS)),
    }))
    .sort(byWeight)
    .slice(0, MAX_QUERY_TERMS);
  // After the cut: guesses from other issues never push out the question's own terms.
  if (options.bridge) {
    ranked.push(...bridgeTerms(ranked, options.bridge));
    ranked.sort(byWeight);
  }
  return {
    terms: ranked,
    paths,
    frames,
    phrases: dedupe(phrases),
    members: qualifiedNames(text),
  };
}

function dedupe(phrases: Phrase[]): Phrase[] {
  const seen = new Set<string>();
  return phrases
    .filter((p) => !seen.has(p.text) && seen.add(p.text))
    .slice(0, 12);
}
