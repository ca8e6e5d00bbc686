import { ownSecretNeedles, type OwnSecret } from "./find-own-secrets.js";
import { OBFUSCATED_LABEL } from "./redaction-marker.js";
import { shiftLetters } from "./shift-letters.js";
import type { FoundPieces, Piece } from "./token-pieces.js";

// An own secret with fewer letters and digits than this is a word as often
// as a secret (the same floor as findOwnSecrets' 8 characters).
const MIN_OWN = 8;

/**
 * Where askcode's own secrets (`ownSecretNeedles`, by their letters and
 * digits) lie in the chains, fragments joined, forwards or backwards,
 * under any Caesar shift. All chains are searched as one string, a line
 * break between two, so no match crosses from one chain to the next.
 * Found as written, a secret keeps its own name; shifted or backwards it
 * is an `obfuscated secret`.
 *
 * @example
 * readOwnSecrets(tokenPieceChains("whsec-R4nd0m\nHook-Value"), [{ label: "webhook secret", value: "whsec-R4nd0m-Hook-Value" }])
 * // [{ pieces: [whsec, R4nd0m, Hook, Value], label: "webhook secret" }]
 */
export function readOwnSecrets(
  chains: readonly Piece[][],
  ownSecrets: readonly OwnSecret[],
): FoundPieces[] {
  if (ownSecrets.length === 0) return [];
  const pieces = chains.flatMap((chain) =>
    chain.map((piece, i) => ({ piece, last: i === chain.length - 1 })),
  );
  // Where each piece starts in the joined string.
  const at: number[] = [];
  let joined = "";
  for (const { piece, last } of pieces) {
    at.push(joined.length);
    joined += piece.text + (last ? "\n" : "");
  }
  const hits: FoundPieces[] = [];
  for (const { label, value } of ownSecrets)
    for (const needle of ownSecretNeedles(value)) {
      const letters = needle.replace(/[^A-Za-z0-9]/g, "");
      if (letters.length < MIN_OWN) continue;
      // Each form once: a secret of digits alone is the same under every shift.
      const forms = new Map<string, boolean>();
      for (let shift = 0; shift < 26; shift++) {
        const shifted = shiftLetters(letters, shift);
        if (!forms.has(shifted)) forms.set(shifted, shift === 0);
        const backwards = [...shifted].reverse().join("");
        if (!forms.has(backwards)) forms.set(backwards, false);
      }
      for (const [form, plain] of forms)
        for (let a = joined.indexOf(form); a !== -1;) {
          const b = a + form.length;
          hits.push({
            pieces: pieces
              .filter(
                (_, i) =>
                  at[i]! < b && at[i]! + pieces[i]!.piece.text.length > a,
              )
              .map(({ piece }) => piece),
            label: plain ? label : OBFUSCATED_LABEL,
          });
          a = joined.indexOf(form, b);
        }
    }
  return hits;
}
