import { Bm25Builder } from "../../../../src/retrieval/index/bm25-builder.js";
import {
  deriveFile,
  type DerivedFile,
} from "../../../../src/retrieval/index/derive-file.js";
import {
  termNumbering,
  type Numbering,
} from "../../../../src/retrieval/index/term-numbering.js";

// Text files: cut on blank lines, no grammar to load.
const derive = (text: string, counter: Bm25Builder) =>
  deriveFile({ path: "notes.txt", text }, {}, counter);

// Each file's term ids and the vocabulary, numbered as an assembly does.
function numbered(
  derivations: DerivedFile[],
  counter?: Bm25Builder,
  earlier?: { numbering: Numbering; vocabulary: ReadonlyMap<string, number> },
) {
  const builder = new Bm25Builder();
  const terms = termNumbering(builder, counter, earlier);
  const ids = derivations.map((d) => [
    ...terms.number(d).subarray(0, d.terms.length),
  ]);
  const { vocabulary, numbering } = terms.finish();
  return {
    ids,
    vocabulary: vocabulary ?? builder.finish().vocabulary,
    numbering,
    taken: vocabulary !== undefined,
  };
}

describe("termNumbering", () => {
  it("numbers terms in the order the files first use them, through the counter's ids or by looking them up alike", () => {
    const counter = new Bm25Builder();
    // Counted in another order than the files'.
    const later = derive("gamma delta alpha", counter);
    const first = derive("alpha beta", counter);
    const plain = numbered([first, later]);
    expect([...plain.vocabulary]).toEqual([
      ["alpha", 0],
      ["beta", 1],
      ["gamma", 2],
      ["delta", 3],
    ]);
    expect(numbered([first, later], counter)).toMatchObject({
      ids: plain.ids,
      vocabulary: plain.vocabulary,
    });
  });

  it("takes an earlier assembly's vocabulary whole when no term's id moved", () => {
    const counter = new Bm25Builder();
    const a = derive("alpha beta\n\ngamma", counter);
    const b = derive("delta alpha", counter);
    const earlier = numbered([a, b], counter);
    // The same words cut otherwise: one chunk, not two.
    const recut = derive("alpha beta gamma", counter);
    const again = numbered([recut, b], counter, {
      numbering: earlier.numbering as Numbering,
      vocabulary: earlier.vocabulary,
    });
    expect(again.taken).toBe(true);
    expect(again.vocabulary).toBe(earlier.vocabulary);
    expect(again.ids).toEqual(numbered([recut, b]).ids);
  });

  it.each([
    ["a term's id moved", () => "zeta beta gamma"],
    ["the last term is gone", () => "alpha beta"],
  ])(
    "looks the terms up after all when %s, as a whole new numbering would",
    (_, text) => {
      const counter = new Bm25Builder();
      const a = derive("alpha beta\n\ngamma", counter);
      const b = derive("delta alpha", counter);
      const earlier = numbered([b, a], counter);
      // The changed file last: a term gone is missed only at the end.
      const changed = derive(text(), counter);
      const again = numbered([b, changed], counter, {
        numbering: earlier.numbering as Numbering,
        vocabulary: earlier.vocabulary,
      });
      const plain = numbered([b, changed]);
      expect(again.taken).toBe(false);
      expect(again.ids).toEqual(plain.ids);
      expect([...again.vocabulary]).toEqual([...plain.vocabulary]);
    },
  );

  it("looks the terms up after all at a derivation its counter did not note", () => {
    const counter = new Bm25Builder();
    const a = derive("alpha beta", counter);
    const b = derive("gamma alpha", counter);
    const earlier = numbered([a, b], counter);
    const elsewhere = derive("gamma alpha", new Bm25Builder());
    const again = numbered([a, elsewhere], counter, {
      numbering: earlier.numbering as Numbering,
      vocabulary: earlier.vocabulary,
    });
    expect(again.taken).toBe(false);
    expect([...again.vocabulary]).toEqual([...earlier.vocabulary]);
    expect(again.ids).toEqual(earlier.ids);
  });
});
