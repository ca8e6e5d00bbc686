/**
 * Interns identifier-shaped words straight from a text by position, without
 * cutting a substring per occurrence: the caller hashes the characters while
 * scanning for the word's end, and only a word seen for the first time becomes
 * a string. Indexing reads millions of words, of which a few tens of thousands
 * are distinct, so this removes most allocation from the hot loop.
 *
 * Open addressing with linear probing over a power-of-two table.
 */
export class WordTable {
  readonly words: string[] = [];
  private hashes: Int32Array = new Int32Array(1024);
  private slots: Int32Array = new Int32Array(1 << 12);
  /** Whether the last `intern` added its word. */
  isNew = false;

  /** FNV-1a step: fold one character code into a running hash (start with FNV_OFFSET). */
  static step(hash: number, code: number): number {
    return Math.imul(hash ^ code, 0x01000193);
  }
  static readonly FNV_OFFSET = 0x811c9dc5 | 0;

  /**
   * The id of `text.slice(start, end)`, whose FNV-1a hash is `hash`; adds the
   * word if new. `isNew` is set when it was.
   *
   * @example
   * const table = new WordTable();
   * let h = WordTable.FNV_OFFSET;
   * for (const ch of "foo") h = WordTable.step(h, ch.charCodeAt(0));
   * table.intern("a foo", 2, 5, h) // 0
   */
  intern(text: string, start: number, end: number, hash: number): number {
    const mask = this.slots.length - 1;
    const length = end - start;
    for (let slot = hash & mask; ; slot = (slot + 1) & mask) {
      const entry = this.slots[slot] as number;
      if (entry === 0) break;
      const id = entry - 1;
      if (this.hashes[id] === hash) {
        const word = this.words[id] as string;
        if (word.length === length && sameChars(text, start, word)) {
          this.isNew = false;
          return id;
        }
      }
    }
    const id = this.words.length;
    this.words.push(text.slice(start, end));
    if (id >= this.hashes.length) {
      const grown = new Int32Array(this.hashes.length * 2);
      grown.set(this.hashes);
      this.hashes = grown;
    }
    this.hashes[id] = hash;
    // Keep the table at most half full so probes stay short.
    if ((id + 1) * 2 > this.slots.length) this.rehash();
    else this.place(id, hash);
    this.isNew = true;
    return id;
  }

  private place(id: number, hash: number): void {
    const mask = this.slots.length - 1;
    let slot = hash & mask;
    while (this.slots[slot] !== 0) slot = (slot + 1) & mask;
    this.slots[slot] = id + 1;
  }

  private rehash(): void {
    this.slots = new Int32Array(this.slots.length * 2);
    for (let id = 0; id < this.words.length; id++)
      this.place(id, this.hashes[id] as number);
  }
}

function sameChars(text: string, start: number, word: string): boolean {
  for (let k = 0; k < word.length; k++) {
    if (text.charCodeAt(start + k) !== word.charCodeAt(k)) return false;
  }
  return true;
}
