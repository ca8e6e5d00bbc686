import { stemWord } from "../../text/stem-word.js";
import type { QueryTerm, TermSource } from "./query-term.js";
import { BRIDGE } from "./query-weights.js";
import { compareTerms } from "../../text/compare-terms.js";

/**
 * Code terms that the chunks real fixes touched carry for a word of the issue
 * that asked: source word (stemmed, as the index spells a word's part) →
 * [index term, strength in (0, 1]], strongest first. Learned from a training
 * set of issues and their fixes (`npm run fit:bridge`; docs/architecture/retrieval.md,
 * 'The vocabulary bridge').
 */
export type VocabularyBridge = Readonly<
  Record<string, readonly (readonly [term: string, strength: number])[]>
>;

export interface BridgeOptions {
  table: VocabularyBridge;
  /** The most a bridged term weighs, before its strength (default BRIDGE.weight). */
  weight?: number;
  /** Bridged terms added to one question at most (default BRIDGE.cap). */
  cap?: number;
}

// The writer's own words: plain words of the title, the prose, quotes and
// error messages. Names written as code and words inside code blocks are the
// code's vocabulary already.
const WORD_SOURCES: ReadonlySet<TermSource> = new Set([
  "title",
  "word",
  "quoted",
  "errorMessage",
]);

export interface BridgeSource {
  /** The key the bridge is read with: the word's stem. */
  term: string;
  /** The question's spelling of it, for explanations ("hangs"). */
  spelled: string;
  weight: number;
}

/**
 * The question's plain words a bridge may expand, one per stem at the weight
 * of its strongest spelling ("hangs" at 0.5 and its stem "hang" at 0.2 give
 * `hang` at 0.5, spelled "hangs"). Names the question holds as code are never
 * sources: they already say where to look.
 *
 * @example
 * bridgeSources(analyzeQuery("The upload hangs forever").terms)
 * // [{ term: "forever", … }, { term: "hang", spelled: "hangs", weight: 0.5 }, { term: "upload", spelled: "upload", weight: 1 }]
 */
export function bridgeSources(terms: readonly QueryTerm[]): BridgeSource[] {
  const byStem = new Map<string, BridgeSource>();
  for (const t of terms) {
    if (t.symbol || !WORD_SOURCES.has(t.source) || !/^[a-z]+$/.test(t.term))
      continue;
    const stem = stemWord(t.term);
    const old = byStem.get(stem);
    // The longer spelling is the word as written; its stem is a part of it.
    if (
      !old ||
      t.weight > old.weight ||
      (t.weight === old.weight && t.term.length > old.spelled.length)
    )
      byStem.set(stem, { term: stem, spelled: t.term, weight: t.weight });
  }
  return [...byStem.values()].sort((a, b) => compareTerms(a.term, b.term));
}

/**
 * Terms to add to a question from a vocabulary bridge: for each plain word
 * of the question, the code terms fixes for such words touched, each at
 * min(word's weight, `weight`) × the pair's strength, so a bridged term never
 * outweighs the word it came from. A term the question holds already is not
 * added; a term several words lead to keeps its strongest reason; at most
 * `cap` terms, strongest first.
 *
 * @example
 * bridgeTerms(analyzeQuery("The upload hangs forever").terms, { table: { hang: [["timeout", 0.5]] } })
 * // [{ term: "timeout", weight: 0.075, source: "bridge", from: "hangs", count: 1, symbol: false }]
 */
export function bridgeTerms(
  terms: readonly QueryTerm[],
  options: BridgeOptions,
): QueryTerm[] {
  const weight = options.weight ?? BRIDGE.weight;
  const cap = options.cap ?? BRIDGE.cap;
  const held = new Set(terms.map((t) => t.term));
  const added = new Map<string, QueryTerm>();
  for (const source of bridgeSources(terms)) {
    // Own keys only: a question saying "constructor" must not read Object's.
    if (!Object.hasOwn(options.table, source.term)) continue;
    for (const [term, strength] of options.table[source.term] ?? []) {
      if (held.has(term)) continue;
      const w = Math.min(source.weight, weight) * strength;
      const old = added.get(term);
      if (!old || w > old.weight)
        added.set(term, {
          term,
          weight: w,
          source: "bridge",
          from: source.spelled,
          count: 1,
          symbol: false,
        });
    }
  }
  return [...added.values()]
    .sort((a, b) => b.weight - a.weight || compareTerms(a.term, b.term))
    .slice(0, cap);
}
