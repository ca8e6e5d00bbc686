import type { Bm25Builder } from "./bm25-builder.js";
import type { DerivedFile } from "./derive-file.js";

/** How an assembly numbered the terms of the derivations `counter` noted: counter id → id there, plus one (0: none). */
export interface Numbering {
  counter: Bm25Builder;
  ours: Uint32Array;
}

/** Numbers the terms of an assembly's derivations, file after file (see `termNumbering`). */
export interface TermNumbering {
  /** The ids of `derived.terms`, in one array reused from file to file (valid until the next call). */
  number(derived: DerivedFile): Uint32Array;
  /**
   * Ends the numbering: `vocabulary` is the earlier assembly's, when every
   * term got the id it had there (the builder then holds none); otherwise
   * undefined, and the builder holds every term. `numbering`: how the
   * counter's terms were numbered, for a later assembly.
   */
  finish(): {
    vocabulary?: ReadonlyMap<string, number>;
    numbering?: Numbering;
  };
}

/**
 * Numbers each derivation's terms in `builder`'s vocabulary. Terms get ids
 * in the order the files first use them: the vocabulary numbers terms as
 * one pass over all files would. A derivation `counter` noted
 * (`Bm25Builder.noteTerms`) is numbered through its ids there, each
 * distinct term looked up by its text once; the rest term by term.
 *
 * Given how an `earlier` assembly of the same files with the same counter
 * numbered them (a question's first stage, before its second), the terms
 * are numbered without a look-up while each gets the id it had there,
 * which is usual (a file cut on its tree has the words it had on blank
 * lines): the earlier vocabulary is then the vocabulary. At the first
 * term whose id moved, or a derivation the counter did not note, the
 * terms numbered so far are looked up after all, in order.
 *
 * @example
 * const terms = termNumbering(builder, counter);
 * for (const derived of derivations) builder.addCounted(terms.number(derived), …);
 * const { vocabulary } = terms.finish();
 */
export function termNumbering(
  builder: Bm25Builder,
  counter: Bm25Builder | undefined,
  earlier?: { numbering: Numbering; vocabulary: ReadonlyMap<string, number> },
): TermNumbering {
  let termIds: Uint32Array = new Uint32Array(1 << 12);
  let ours: Uint32Array = new Uint32Array(counter?.termCount ?? 0);
  // While every term so far has its earlier id: the counter ids by id, to
  // look them up in order should one move.
  const before = earlier?.numbering.counter === counter ? earlier : undefined;
  let order: Uint32Array | undefined = before && new Uint32Array(1 << 12);
  let next = 0;
  const lookUpAfterAll = (): void => {
    if (!order || !counter) return;
    for (let id = 0; id < next; id++)
      builder.termId(counter.term(order[id] as number));
    order = undefined;
  };
  return {
    number(derived) {
      const { terms } = derived;
      if (terms.length > termIds.length)
        termIds = new Uint32Array(Math.max(terms.length, termIds.length * 2));
      const at = counter ? counter.notedAt(derived) : -1;
      if (!counter || at < 0) {
        lookUpAfterAll();
        for (let k = 0; k < terms.length; k++)
          termIds[k] = builder.termId(terms[k] as string);
        return termIds;
      }
      if (ours.length < counter.termCount)
        ours = grown(ours, counter.termCount);
      const { noted } = counter;
      const theirs = before?.numbering.ours;
      for (let k = 0; k < terms.length; k++) {
        const c = noted[at + k] as number;
        let id = (ours[c] as number) - 1;
        if (id < 0) {
          if (order && theirs && (theirs[c] as number) - 1 === next) {
            if (next === order.length) order = grown(order, next * 2);
            order[next] = c;
            id = next++;
          } else {
            lookUpAfterAll();
            id = builder.termId(terms[k] as string);
          }
          ours[c] = id + 1;
        }
        termIds[k] = id;
      }
      return termIds;
    },
    finish() {
      const numbering = counter ? { counter, ours } : undefined;
      if (order && before && next === before.vocabulary.size)
        return {
          vocabulary: before.vocabulary,
          ...(numbering ? { numbering } : {}),
        };
      lookUpAfterAll();
      return numbering ? { numbering } : {};
    },
  };
}

function grown(array: Uint32Array, length: number): Uint32Array {
  const bigger = new Uint32Array(Math.max(length, array.length));
  bigger.set(array);
  return bigger;
}
