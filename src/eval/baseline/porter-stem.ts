// Martin Porter's 1980 stemmer, as Lucene's PorterStemFilter runs it
// (org.apache.lucene.analysis.en.PorterStemmer, "Release 3" of Porter's own
// Java version). That release departs from the paper in two small ways that
// we keep, because the baseline must stem exactly as Pyserini did:
// "-bli" → "-ble" (the paper has "-abli" → "-able") and "-logi" → "-log".
// https://tartarus.org/martin/PorterStemmer/  and  apache/lucene
// lucene/analysis/common/src/java/org/apache/lucene/analysis/en/PorterStemmer.java
//
// Words of one or two characters are returned as they are; any character
// other than a, e, i, o, u (and y after a consonant) counts as a consonant,
// so tokens such as "models.py" are stemmed too, as in Lucene.

// Suffix rules keyed by the letter that picks them, as Porter's switch statements are.
const STEP3: Record<string, Array<[string, string]>> = {
  a: [
    ["ational", "ate"],
    ["tional", "tion"],
  ],
  c: [
    ["enci", "ence"],
    ["anci", "ance"],
  ],
  e: [["izer", "ize"]],
  l: [
    ["bli", "ble"],
    ["alli", "al"],
    ["entli", "ent"],
    ["eli", "e"],
    ["ousli", "ous"],
  ],
  o: [
    ["ization", "ize"],
    ["ation", "ate"],
    ["ator", "ate"],
  ],
  s: [
    ["alism", "al"],
    ["iveness", "ive"],
    ["fulness", "ful"],
    ["ousness", "ous"],
  ],
  t: [
    ["aliti", "al"],
    ["iviti", "ive"],
    ["biliti", "ble"],
  ],
  g: [["logi", "log"]],
};
const STEP4: Record<string, Array<[string, string]>> = {
  e: [
    ["icate", "ic"],
    ["ative", ""],
    ["alize", "al"],
  ],
  i: [["iciti", "ic"]],
  l: [
    ["ical", "ic"],
    ["ful", ""],
  ],
  s: [["ness", ""]],
};
const STEP5: Record<string, string[]> = {
  a: ["al"],
  c: ["ance", "ence"],
  e: ["er"],
  i: ["ic"],
  l: ["able", "ible"],
  n: ["ant", "ement", "ment", "ent"],
  s: ["ism"],
  t: ["ate", "iti"],
  u: ["ous"],
  v: ["ive"],
  z: ["ize"],
};

/**
 * Stems one lowercase word.
 *
 * @example
 * porterStem("caresses")   // "caress"
 * porterStem("relational") // "relat"
 * porterStem("generalizations") // "gener"
 */
export function porterStem(word: string): string {
  const b = [...word];
  let k = b.length - 1;
  let j = 0;
  if (k <= 1) return word;

  const cons = (i: number): boolean => {
    switch (b[i]) {
      case "a":
      case "e":
      case "i":
      case "o":
      case "u":
        return false;
      case "y":
        return i === 0 ? true : !cons(i - 1);
      default:
        return true;
    }
  };
  // The number of consonant-vowel sequences in b[0..j]: [C](VC)^m[V].
  const m = (): number => {
    let n = 0;
    let i = 0;
    for (;;) {
      if (i > j) return n;
      if (!cons(i)) break;
      i++;
    }
    i++;
    for (;;) {
      for (;;) {
        if (i > j) return n;
        if (cons(i)) break;
        i++;
      }
      i++;
      n++;
      for (;;) {
        if (i > j) return n;
        if (!cons(i)) break;
        i++;
      }
      i++;
    }
  };
  const vowelInStem = (): boolean => {
    for (let i = 0; i <= j; i++) if (!cons(i)) return true;
    return false;
  };
  const doubleC = (i: number): boolean =>
    i >= 1 && b[i] === b[i - 1] && cons(i);
  // consonant-vowel-consonant, the last not w, x or y: "hop(e)", not "snow".
  const cvc = (i: number): boolean =>
    i >= 2 &&
    cons(i) &&
    !cons(i - 1) &&
    cons(i - 2) &&
    !["w", "x", "y"].includes(b[i] as string);
  const ends = (s: string): boolean => {
    const o = k - s.length + 1;
    if (o < 0) return false;
    for (let i = 0; i < s.length; i++) if (b[o + i] !== s[i]) return false;
    j = k - s.length;
    return true;
  };
  const setTo = (s: string): void => {
    for (let i = 0; i < s.length; i++) b[j + 1 + i] = s[i] as string;
    k = j + s.length;
  };
  const r = (s: string): void => {
    if (m() > 0) setTo(s);
  };

  // Step 1: plurals, -ed, -ing.
  if (b[k] === "s") {
    if (ends("sses")) k -= 2;
    else if (ends("ies")) setTo("i");
    else if (b[k - 1] !== "s") k--;
  }
  if (ends("eed")) {
    if (m() > 0) k--;
  } else if ((ends("ed") || ends("ing")) && vowelInStem()) {
    k = j;
    if (ends("at")) setTo("ate");
    else if (ends("bl")) setTo("ble");
    else if (ends("iz")) setTo("ize");
    else if (doubleC(k)) {
      const ch = b[k];
      k--;
      if (ch === "l" || ch === "s" || ch === "z") k++;
    } else if (m() === 1 && cvc(k)) setTo("e");
  }
  // Step 2: terminal y → i after a vowel in the stem.
  if (ends("y") && vowelInStem()) b[k] = "i";
  // Step 3: double suffixes to single ones.
  if (k !== 0) {
    for (const [suffix, replacement] of STEP3[b[k - 1] as string] ?? []) {
      if (ends(suffix)) {
        r(replacement);
        break;
      }
    }
  }
  // Step 4: -ic-, -full, -ness.
  for (const [suffix, replacement] of STEP4[b[k] as string] ?? []) {
    if (ends(suffix)) {
      r(replacement);
      break;
    }
  }
  // Step 5: -ant, -ence and the like, in a long enough stem.
  if (k !== 0) {
    const c = b[k - 1] as string;
    let found = false;
    if (c === "o") {
      found =
        (ends("ion") && j >= 0 && (b[j] === "s" || b[j] === "t")) || ends("ou");
    } else {
      found = (STEP5[c] ?? []).some((suffix) => ends(suffix));
    }
    if (found && m() > 1) k = j;
  }
  // Step 6: a final -e, and -ll → -l, in a long enough stem.
  j = k;
  if (b[k] === "e") {
    const a = m();
    if (a > 1 || (a === 1 && !cvc(k - 1))) k--;
  }
  if (b[k] === "l" && doubleC(k) && m() > 1) k--;
  return b.slice(0, k + 1).join("");
}
