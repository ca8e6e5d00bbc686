/**
 * A light English stemmer for word parts, so "packing", "packed" and "packs"
 * meet "pack" in `packRankedChunks`, and "entries" meets "entry". It strips
 * one inflection (-ies, -es/-s, -ing, -ed), then a final "e" and a doubled
 * final consonant, so "create", "created" and "creating" all give "creat".
 * Much simpler than Porter's algorithm, on purpose: stems only need to agree
 * with each other, never to be words, and identifiers are mostly short
 * English words.
 *
 * @example
 * stemWord("packing")  // "pack"
 * stemWord("entries")  // "entry"
 * stemWord("created")  // "creat"
 * stemWord("running")  // "run"
 * stemWord("class")    // "class"
 */
export function stemWord(word: string): string {
  let w = word;
  if (w.length <= 3) return w;
  if (w.endsWith("ies") && w.length > 4) w = `${w.slice(0, -3)}y`;
  else if (w.endsWith("sses")) w = w.slice(0, -2);
  else if (w.endsWith("ing") && w.length > 5) w = w.slice(0, -3);
  else if (w.endsWith("ed") && w.length > 4) w = w.slice(0, -2);
  else if (w.endsWith("s") && !/(?:ss|us|is)$/.test(w)) w = w.slice(0, -1);
  if (w.length > 4 && w.endsWith("e")) w = w.slice(0, -1);
  // "runn" → "run", "mapp" → "map"; not "ll", "ss", "zz" ("call", "class").
  if (
    w.length > 3 &&
    w[w.length - 1] === w[w.length - 2] &&
    /[bdfgmnprt]$/.test(w)
  )
    w = w.slice(0, -1);
  return w;
}
