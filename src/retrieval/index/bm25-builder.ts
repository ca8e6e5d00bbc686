import { IDENTIFIER, identifierTerms } from "../../text/code-terms.js";
import { WordTable } from "./word-table.js";
import { runToEnd, type Steps } from "../../shared/time-slices.js";

// Postings moved between two pauses of `finishSteps`.
const POSTINGS_PER_STEP = 1 << 18;

// Character classes of ASCII: 1 starts a word (letters, "_"), 2 continues one (digits).
const WORD_CLASS = new Uint8Array(128);
for (let c = 65; c <= 90; c++) WORD_CLASS[c] = 1;
for (let c = 97; c <= 122; c++) WORD_CLASS[c] = 1;
WORD_CLASS[95] = 1;
for (let c = 48; c <= 57; c++) WORD_CLASS[c] = 2;

/**
 * Builds a `Bm25Index` one document at a time, from one or more pieces of text
 * per document (`add` may be called several times before `endDocument`).
 * This is the hot loop of indexing: one pass over the characters, hashing as it
 * goes, with typed arrays for the counts.
 */
export class Bm25Builder {
  private readonly vocabulary = new Map<string, number>();
  // Term id → term, for `takeDocument`'s callers.
  private readonly terms: string[] = [];
  private readonly words = new WordTable();
  // The term ids of word w are wordTermIds[wordTermStart[w] .. wordTermStart[w + 1]):
  // each distinct word is split once, however often it occurs.
  private wordTermStart = new Uint32Array(1 << 14);
  private wordTermIds = new Uint32Array(1 << 15);
  private wordTermEnd = 0;
  private readonly docLength: number[] = [];
  private counts = new Uint32Array(1 << 16);
  private touched = new Uint32Array(1 << 12);
  private touchedCount = 0;
  private length = 0;
  // Postings as (term, doc, tf) triples, regrouped by term in `finish`.
  private pTerm = new Uint32Array(1 << 16);
  private pDoc = new Uint32Array(1 << 16);
  private pTf = new Uint16Array(1 << 16);
  private postings = 0;
  // Term ids of recurring texts (see addRecurring).
  private readonly recurring = new Map<string, number[]>();
  // The term ids of what `noteTerms` was told of, one run each, end to end.
  private notedIds = new Uint32Array(1 << 16);
  private notedEnd = 0;
  private readonly notedAtOf = new WeakMap<object, number>();

  /**
   * Adds the words of `text` (of `text.slice(from, to)` when given) to the
   * current document. Reading a range of a file's flat text is faster than
   * reading a chunk's own string, which V8 keeps as a slice of the file.
   */
  add(text: string, from = 0, to = text.length): void {
    const { words } = this;
    let { counts, touched, wordTermStart, wordTermIds, touchedCount } = this;
    let length = this.length;
    for (let i = from; i < to;) {
      let c = text.charCodeAt(i);
      if (c >= 128 || WORD_CLASS[c] !== 1) {
        i++;
        continue;
      }
      let hash = WordTable.step(WordTable.FNV_OFFSET, c);
      let j = i + 1;
      for (; j < to; j++) {
        c = text.charCodeAt(j);
        if (c >= 128 || WORD_CLASS[c] === 0) break;
        hash = WordTable.step(hash, c);
      }
      // One-letter words ("i", "x") make no term (see identifierTerms).
      if (j - i === 1) {
        i = j;
        continue;
      }
      const word = words.intern(text, i, j, hash);
      i = j;
      if (words.isNew) {
        this.addWordTerms(word);
        ({ counts, wordTermStart, wordTermIds } = this);
      }
      const last = wordTermStart[word + 1] as number;
      for (let k = wordTermStart[word] as number; k < last; k++) {
        const id = wordTermIds[k] as number;
        const seen = counts[id] as number;
        counts[id] = seen + 1;
        if (seen === 0) {
          if (touchedCount === touched.length)
            this.touched = touched = grow(touched);
          touched[touchedCount++] = id;
        }
        length++;
      }
    }
    this.length = length;
    this.touchedCount = touchedCount;
  }

  /**
   * Adds the words of a short text that recurs across documents (a chunk's
   * declaration path, "class Session › def send"), whose terms are worked out
   * once and reused.
   */
  addRecurring(text: string): void {
    let ids = this.recurring.get(text);
    if (!ids) {
      ids = [];
      for (const m of text.matchAll(IDENTIFIER))
        for (const term of identifierTerms(m[0])) ids.push(this.termId(term));
      this.recurring.set(text, ids);
    }
    const { counts } = this;
    for (const id of ids) {
      const seen = counts[id] as number;
      counts[id] = seen + 1;
      if (seen === 0) {
        if (this.touchedCount === this.touched.length)
          this.touched = grow(this.touched);
        this.touched[this.touchedCount++] = id;
      }
    }
    this.length += ids.length;
  }

  /** Closes the current document; the next `add` starts a new one. */
  endDocument(): void {
    const d = this.docLength.length;
    this.docLength.push(this.length);
    this.length = 0;
    const { counts, touched, touchedCount } = this;
    while (this.postings + touchedCount > this.pTerm.length) {
      this.pTerm = grow(this.pTerm);
      this.pDoc = grow(this.pDoc);
      this.pTf = grow(this.pTf);
    }
    const { pTerm, pDoc, pTf } = this;
    let at = this.postings;
    for (let k = 0; k < touchedCount; k++) {
      const id = touched[k] as number;
      pTerm[at] = id;
      pDoc[at] = d;
      pTf[at] = Math.min(counts[id] as number, 0xffff);
      counts[id] = 0;
      at++;
    }
    this.postings = at;
    this.touchedCount = 0;
  }

  /**
   * Closes the current document without recording it: calls `visit` with
   * each of its term ids (in the order first seen) and count, and returns its
   * length in terms. For a builder used only to count terms (see deriveFile),
   * whose documents are recorded elsewhere with `addCounted`.
   */
  takeDocument(visit: (termId: number, count: number) => void): number {
    const { counts, touched, touchedCount } = this;
    for (let k = 0; k < touchedCount; k++) {
      const id = touched[k] as number;
      visit(id, counts[id] as number);
      counts[id] = 0;
    }
    this.touchedCount = 0;
    const length = this.length;
    this.length = 0;
    return length;
  }

  /** Terms in the vocabulary so far: every id is below it. */
  get termCount(): number {
    return this.terms.length;
  }

  /** The term whose id `takeDocument` reported. */
  term(id: number): string {
    return this.terms[id] as string;
  }

  /**
   * Notes that the terms `owner` lists (a derived file's, in order) have
   * these ids here, so an index assembled from it numbers them through
   * the ids (`notedAt`) rather than looking each term up by its text:
   * half a million look-ups on a 6,000-file checkout.
   */
  noteTerms(owner: object, ids: readonly number[]): void {
    while (this.notedEnd + ids.length > this.notedIds.length)
      this.notedIds = grow(this.notedIds);
    this.notedAtOf.set(owner, this.notedEnd);
    for (const id of ids) this.notedIds[this.notedEnd++] = id;
  }

  /** Where in `noted` the ids of `owner`'s terms start (see `noteTerms`), or -1 when this builder did not count them. */
  notedAt(owner: object): number {
    return this.notedAtOf.get(owner) ?? -1;
  }

  /** The ids `noteTerms` was given, end to end (a new array after each note that outgrows it). */
  get noted(): Uint32Array {
    return this.notedIds;
  }

  /** Makes room for this many more postings at once (see `addCounted`). */
  reserve(postings: number): void {
    const needed = this.postings + postings;
    if (needed <= this.pTerm.length) return;
    const resize = <T extends Uint32Array | Uint16Array>(array: T): T => {
      const bigger = new (array.constructor as new (length: number) => T)(
        needed,
      );
      bigger.set(array.subarray(0, this.postings));
      return bigger;
    };
    this.pTerm = resize(this.pTerm);
    this.pDoc = resize(this.pDoc);
    this.pTf = resize(this.pTf);
  }

  /**
   * Records a whole document counted elsewhere: term `termIds[local[k]]`
   * occurs `tfs[k]` times, for k in [from, to); `length` is its length in terms.
   */
  addCounted(
    termIds: Uint32Array,
    local: Uint32Array,
    tfs: Uint16Array,
    from: number,
    to: number,
    length: number,
  ): void {
    const d = this.docLength.length;
    this.docLength.push(length);
    while (this.postings + (to - from) > this.pTerm.length) {
      this.pTerm = grow(this.pTerm);
      this.pDoc = grow(this.pDoc);
      this.pTf = grow(this.pTf);
    }
    const { pTerm, pDoc, pTf } = this;
    let at = this.postings;
    for (let k = from; k < to; k++) {
      pTerm[at] = termIds[local[k] as number] as number;
      pDoc[at] = d;
      pTf[at] = tfs[k] as number;
      at++;
    }
    this.postings = at;
  }

  /** The id of a term, added to the vocabulary if new. */
  termId(term: string): number {
    let id = this.vocabulary.get(term);
    if (id === undefined) {
      this.vocabulary.set(term, (id = this.vocabulary.size));
      this.terms.push(term);
    }
    if (id >= this.counts.length) this.counts = grow(this.counts);
    return id;
  }

  finish(): Bm25Index {
    return runToEnd(this.finishSteps());
  }

  /**
   * `finish` in steps that pause every quarter-million postings (see
   * `Steps`). `vocabulary`: the terms of the ids the postings were added
   * with, when they were numbered elsewhere (`termNumbering`) rather than
   * by `termId`.
   */
  *finishSteps(
    vocabulary: ReadonlyMap<string, number> = this.vocabulary,
  ): Steps<Bm25Index> {
    const { pTerm, pDoc, pTf, postings } = this;
    // Counting sort of the triples by term; docs stay in increasing order.
    const start = new Uint32Array(vocabulary.size + 1);
    for (let k = 0; k < postings; k++) {
      const t = pTerm[k] as number;
      start[t + 1] = (start[t + 1] as number) + 1;
      if ((k + 1) % POSTINGS_PER_STEP === 0) yield;
    }
    for (let t = 0; t < vocabulary.size; t++)
      start[t + 1] = (start[t + 1] as number) + (start[t] as number);
    const fill = start.slice(0, vocabulary.size);
    const docs = new Uint32Array(postings);
    const tfs = new Uint16Array(postings);
    for (let k = 0; k < postings; k++) {
      const t = pTerm[k] as number;
      const at = fill[t] as number;
      fill[t] = at + 1;
      docs[at] = pDoc[k] as number;
      tfs[at] = pTf[k] as number;
      if ((k + 1) % POSTINGS_PER_STEP === 0) yield;
    }
    const docLength = Uint32Array.from(this.docLength);
    let total = 0;
    for (const l of docLength) total += l;
    return {
      vocabulary,
      docCount: docLength.length,
      docLength,
      avgDocLength: docLength.length > 0 ? total / docLength.length : 0,
      start,
      docs,
      tfs,
    };
  }

  /** Records the terms of a word seen for the first time (its id is the next one). */
  private addWordTerms(word: number): void {
    const terms = identifierTerms(this.words.words[word] as string);
    while (this.wordTermEnd + terms.length > this.wordTermIds.length)
      this.wordTermIds = grow(this.wordTermIds);
    while (word + 2 > this.wordTermStart.length)
      this.wordTermStart = grow(this.wordTermStart);
    for (const term of terms)
      this.wordTermIds[this.wordTermEnd++] = this.termId(term);
    this.wordTermStart[word + 1] = this.wordTermEnd;
  }
}

/** A typed array twice as long with the same contents. */
function grow<T extends Uint32Array | Uint16Array>(array: T): T {
  const bigger = new (array.constructor as new (length: number) => T)(
    array.length * 2,
  );
  bigger.set(array);
  return bigger;
}

/**
 * An inverted index over documents (chunks), in compressed-row form: the
 * postings of term t are `docs[start[t] .. start[t + 1])` with their term
 * frequencies in `tfs`, documents in increasing order. Typed arrays keep forty
 * thousand chunks at a few tens of megabytes and make scoring a tight loop.
 */
export interface Bm25Index {
  /** Term → term id. */
  vocabulary: ReadonlyMap<string, number>;
  docCount: number;
  /** Terms in each document. */
  docLength: Uint32Array;
  avgDocLength: number;
  start: Uint32Array;
  /**
   * Each posting's document and its term frequency, term by term. Read a
   * term's through `postingRange` (posting-range.ts): a loaded index reads
   * them from disk as they are first asked for.
   */
  docs: Uint32Array;
  tfs: Uint16Array;
}
