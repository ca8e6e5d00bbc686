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
  return text.replace(/[A-Za-z]/g, (c) => {
    const base = c <= "Z" ? 65 : 97;
    return String.fromCharCode(((c.charCodeAt(0) - base + k) % 26) + base);
  });
}
