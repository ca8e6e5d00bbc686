import { WordTable } from "../../../../src/retrieval/index/word-table.js";

const hashOf = (word: string): number => {
  let h = WordTable.FNV_OFFSET;
  for (let i = 0; i < word.length; i++)
    h = WordTable.step(h, word.charCodeAt(i));
  return h;
};

describe("WordTable", () => {
  it("gives each distinct word one id, across texts and after growing", () => {
    const table = new WordTable();
    const words = Array.from({ length: 5000 }, (_, i) => `word${i}`);
    const ids = words.map((w) =>
      table.intern(`  ${w}  `, 2, 2 + w.length, hashOf(w)),
    );
    expect(new Set(ids).size).toBe(5000);
    expect(table.isNew).toBe(true);
    words.forEach((w, i) => {
      expect(table.intern(`x ${w}`, 2, 2 + w.length, hashOf(w))).toBe(ids[i]);
      expect(table.isNew).toBe(false);
    });
    expect(table.words[ids[42]!]).toBe("word42");
  });

  it("tells apart words whose hashes collide", () => {
    const table = new WordTable();
    const a = table.intern("alpha", 0, 5, 7);
    const b = table.intern("omega", 0, 5, 7);
    expect(a).not.toBe(b);
    expect(table.intern("alpha", 0, 5, 7)).toBe(a);
  });
});
