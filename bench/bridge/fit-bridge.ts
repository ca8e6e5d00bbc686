import type { VocabularyBridge } from "../../src/retrieval/query/vocabulary-bridge.js";
import { stemWord } from "../../src/text/stem-word.js";
import type { BridgeRow } from "./bridge-row.js";

export interface BridgeFitOptions {
  /** Rows a pair must share (the word in the issue, the term in the fix's chunks). */
  minRows: number;
  /** Repositories those rows must come from: a pair of one repository is its vocabulary, not a bridge. */
  minRepos: number;
  /**
   * The log-likelihood ratio a pair must reach: 15 is p < 0.0001 for one
   * pair, above the usual 10.83 because a fit tests some hundred thousand.
   */
  minLlr: number;
  /** Least strength kept (see `BridgeFit`). */
  minStrength: number;
  /** Terms kept per word, the strongest by log-likelihood ratio. */
  perWord: number;
  /** A term in the fix's chunks of more than this share of rows is everywhere (`self`, `return`): no bridge leads to it. */
  maxTermShare: number;
  /** Rows of the whole set a language's rate of a term is smoothed with (Go has 3 training rows). */
  smoothing: number;
}

export const DEFAULT_BRIDGE_FIT: BridgeFitOptions = {
  minRows: 5,
  minRepos: 3,
  minLlr: 15,
  minStrength: 0.05,
  perWord: 6,
  maxTermShare: 0.5,
  smoothing: 4,
};

export interface BridgeFit {
  /**
   * Word → terms. A pair's strength is how far the word raises the chance
   * that a fix's chunks hold the term above what fixes in the same
   * language do anyway, as a share of the room above that rate:
   * (k − E) / (n − E) for the n rows with the word, k of them with the term
   * and E expected from each row's language, rounded to 0.01.
   */
  table: VocabularyBridge;
  rows: number;
  repos: number;
  /** Pairs in the table. */
  pairs: number;
}

/**
 * Learns a vocabulary bridge from training pairs: for each plain word of the
 * issues and each index term of the chunks their fixes touched, how many of
 * the rows with the word have the term in the fix's chunks against how many
 * would if the word said nothing: each row counted at the rate fixes in its
 * language hold the term (smoothed toward the whole set's), so a language's
 * keywords (`const`, `let`, `mut`) lead nowhere from the words its users
 * write ("rustc", "browser"). A pair is kept when the word raises the rate significantly
 * (binomial log-likelihood ratio), in rows of several repositories, for a
 * term fixes touch more than the rest of their files (its share of gold
 * chunks at least its share of the gold files' other chunks: not an import or
 * licence line). Counting is order-free and ties break by term, so the same
 * rows in any order give the same table.
 *
 * @example
 * fitBridge(rows).table.hang // [["timeout", 0.18], ["deadlock", 0.07], …]
 */
export function fitBridge(
  rows: readonly BridgeRow[],
  options: BridgeFitOptions = DEFAULT_BRIDGE_FIT,
): BridgeFit {
  const n = rows.length;
  const repoIds = new Map<string, number>();
  for (const r of rows)
    if (!repoIds.has(r.repo)) repoIds.set(r.repo, repoIds.size);
  const words = countRows(rows, (r) => r.words, repoIds);
  const goldTerms = countRows(rows, (r) => r.gold, repoIds);
  const targets = fixSideTerms(rows, goldTerms, n, options);
  const sources = new Map<string, number>();
  for (const [w, c] of words)
    if (c.rows >= options.minRows && c.repos.size >= options.minRepos)
      sources.set(w, sources.size);
  const targetList = [...targets.keys()];

  // Pair counts, keyed word id × targets + term id; repositories as a set per pair.
  const pairRows = new Map<number, number>();
  const pairRepos = new Map<number, Set<number>>();
  for (const r of rows) {
    const repo = repoIds.get(r.repo) as number;
    const ts: number[] = [];
    for (const t of r.gold) {
      const id = targets.get(t);
      if (id !== undefined) ts.push(id);
    }
    for (const w of r.words) {
      const s = sources.get(w);
      if (s === undefined) continue;
      for (const t of ts) {
        const key = s * targetList.length + t;
        pairRows.set(key, (pairRows.get(key) ?? 0) + 1);
        let set = pairRepos.get(key);
        if (!set) pairRepos.set(key, (set = new Set()));
        set.add(repo);
      }
    }
  }

  const rate = languageRates(rows, targets, goldTerms, options);
  // Per word, its rows per language: the expectation sums over these.
  const wordLanguageRows = new Map<string, Map<string, number>>();
  for (const r of rows)
    for (const w of new Set(r.words)) {
      if (!sources.has(w)) continue;
      const m = wordLanguageRows.get(w) ?? new Map<string, number>();
      m.set(r.language, (m.get(r.language) ?? 0) + 1);
      wordLanguageRows.set(w, m);
    }
  const sourceList = [...sources.keys()];
  const byWord = new Map<string, { term: string; llr: number; s: number }[]>();
  for (const [key, k11] of pairRows) {
    if (k11 < options.minRows) continue;
    if ((pairRepos.get(key)?.size ?? 0) < options.minRepos) continue;
    const word = sourceList[Math.floor(key / targetList.length)] as string;
    const term = targetList[key % targetList.length] as string;
    if (term === word || stemWord(term) === word) continue;
    const nWord = words.get(word)?.rows as number;
    let expected = 0;
    for (const [language, count] of wordLanguageRows.get(word) ?? [])
      expected += count * rate(language, term);
    if (expected >= nWord) continue;
    const strength = (k11 - expected) / (nWord - expected);
    if (strength < options.minStrength) continue;
    const llr = binomialLlr(k11, nWord, expected / nWord);
    if (llr < options.minLlr) continue;
    const list = byWord.get(word) ?? [];
    list.push({ term, llr, s: strength });
    byWord.set(word, list);
  }

  const table: Record<string, [string, number][]> = {};
  let pairs = 0;
  for (const word of [...byWord.keys()].sort()) {
    const kept = (byWord.get(word) ?? [])
      .sort((a, b) => b.llr - a.llr || a.term.localeCompare(b.term))
      .slice(0, options.perWord)
      .map(
        ({ term, s }) =>
          [term, Math.max(0.01, Math.round(s * 100) / 100)] as [string, number],
      );
    table[word] = kept;
    pairs += kept.length;
  }
  return { table, rows: n, repos: repoIds.size, pairs };
}

interface RowCount {
  rows: number;
  repos: Set<number>;
}

function countRows(
  rows: readonly BridgeRow[],
  items: (r: BridgeRow) => readonly string[],
  repoIds: ReadonlyMap<string, number>,
): Map<string, RowCount> {
  const counts = new Map<string, RowCount>();
  for (const r of rows)
    for (const item of new Set(items(r))) {
      let c = counts.get(item);
      if (!c) counts.set(item, (c = { rows: 0, repos: new Set() }));
      c.rows++;
      c.repos.add(repoIds.get(r.repo) as number);
    }
  return counts;
}

// Terms a bridge may lead to, numbered in sorted order: seen in the fixes of
// several repositories, not everywhere, and on the fix's side of its files.
function fixSideTerms(
  rows: readonly BridgeRow[],
  goldTerms: ReadonlyMap<string, RowCount>,
  n: number,
  options: BridgeFitOptions,
): Map<string, number> {
  let goldChunks = 0;
  let otherChunks = 0;
  const inGold = new Map<string, number>();
  const inOther = new Map<string, number>();
  for (const r of rows) {
    goldChunks += r.goldChunks;
    otherChunks += r.backgroundChunks;
    for (const [t, [g, o]] of Object.entries(r.chunkCounts)) {
      inGold.set(t, (inGold.get(t) ?? 0) + g);
      inOther.set(t, (inOther.get(t) ?? 0) + o);
    }
  }
  const kept = [...goldTerms]
    .filter(
      ([t, c]) =>
        t.length >= 3 &&
        c.rows >= options.minRows &&
        c.repos.size >= options.minRepos &&
        c.rows <= options.maxTermShare * n &&
        (inGold.get(t) ?? 0) * otherChunks >=
          (inOther.get(t) ?? 0) * goldChunks,
    )
    .map(([t]) => t)
    .sort();
  return new Map(kept.map((t, i) => [t, i]));
}

// The rate at which a language's fixes hold a term: its rows with the term
// plus `smoothing` rows at the whole set's rate, over its rows plus those.
// By language rather than by repository: a repository's rate would count its
// own rows' words against themselves, and most repositories have few rows.
function languageRates(
  rows: readonly BridgeRow[],
  targets: ReadonlyMap<string, number>,
  goldTerms: ReadonlyMap<string, RowCount>,
  options: BridgeFitOptions,
): (language: string, term: string) => number {
  const languageRows = new Map<string, number>();
  const withTerm = new Map<string, number>();
  for (const r of rows) {
    languageRows.set(r.language, (languageRows.get(r.language) ?? 0) + 1);
    for (const t of r.gold)
      if (targets.has(t)) {
        const key = `${r.language} ${t}`;
        withTerm.set(key, (withTerm.get(key) ?? 0) + 1);
      }
  }
  const n = rows.length;
  return (language, term) => {
    const global = (goldTerms.get(term)?.rows ?? 0) / n;
    return (
      ((withTerm.get(`${language} ${term}`) ?? 0) +
        options.smoothing * global) /
      ((languageRows.get(language) ?? 0) + options.smoothing)
    );
  };
}

/**
 * G² of k successes in n trials against rate p (the rows with a word, those
 * with the term, the rate expected without the word).
 */
function binomialLlr(k: number, n: number, p: number): number {
  const xlx = (x: number, y: number) => (x > 0 ? x * Math.log(x / y) : 0);
  return 2 * (xlx(k, n * p) + xlx(n - k, n * (1 - p)));
}
