// One table per shift: the character code each ASCII letter becomes.
const TABLES = Array.from({ length: 26 }, (_, k) =>
  Array.from({ length: 128 }, (_, code) => {
    if (code >= 65 && code <= 90) return ((code - 65 + k) % 26) + 65;
    if (code >= 97 && code <= 122) return ((code - 97 + k) % 26) + 97;
    return code;
  }),
);

/**
 * `text` with each ASCII letter moved `shift` places along the alphabet,
 * keeping its case, and everything else as it was: a Caesar shift (ROT13 is
 * `shift` 13). Undoing a shift of `k` is a shift of `26 - k`.
 *
 * @example
 * shiftLetters("tuc_Nop9", 13) // "ghp_Abc9"
 */
export function shiftLetters(text: string, shift: number): string {
  const k = ((shift % 26) + 26) % 26;
  if (k === 0) return text;
  const table = TABLES[k]!;
  let out = "";
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    out += code < 128 ? String.fromCharCode(table[code]!) : text[i];
  }
  return out;
}

/**
 * The shift that turns `letter` into `a` (or `A`): text shifted by it is in
 * a form that does not depend on how it was shifted before, so a Caesar
 * shift of any size is recognised with one comparison.
 *
 * @example
 * shiftToA("t") // 7
 */
export function shiftToA(letter: string): number {
  return (26 - ((letter.charCodeAt(0) | 32) - 97)) % 26;
}
