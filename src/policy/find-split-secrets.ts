import type { OwnSecret } from "./find-own-secrets.js";
import { encodedRuns } from "./encoded-runs.js";
import { readOwnSecrets } from "./read-own-secrets.js";
import { readPrefixedTokens } from "./read-prefixed-tokens.js";
import { OBFUSCATED_LABEL } from "./redaction-marker.js";
import type { SecretSpan } from "./secret-span.js";
import {
  tokenPieceChains,
  type FoundPieces,
  type Piece,
} from "./token-pieces.js";

/**
 * The second wall against a hostile model: tokens put back together from
 * the fragments a reader would join, then read the ways a reader would
 * undo a disguise. A chain of fragments (`tokenPieceChains`: split by
 * spaces, line breaks, `+`, quotes, code-span backticks, dashes) is read
 * forwards and backwards, under every Caesar shift (ROT13 among them), and
 * runs of hex and base64 are decoded (`encodedRuns`) and read again. A
 * reading that begins with a provider's prefix, followed by its separator
 * when it has one, and goes on with a random-looking body
 * (`readPrefixedTokens`), or that holds one of askcode's own secrets by its
 * letters and digits (`readOwnSecrets`), is a secret. One general rule,
 * not one per shape: `ghp_ + … + …`, `sk- + …`, half a token per line,
 * `g-h-p-_-…`, `"ghp_" + "…"` in a code span, ROT13, hex and base64 all
 * come out of it.
 *
 * The spans are the fragments that made the secret, joined where nothing
 * but a separator on one line lies between them; a backtick or a line
 * break between two fragments stays, so a code span or a line keeps its
 * shape. A secret written whole and plainly is named for its provider
 * (the first wall names it the same), any other `obfuscated secret`.
 *
 * @example
 * findSplitSecrets(`key: ghp_ + ${firstHalf} + ${secondHalf}`)
 * // [{ start: 5, end: 5 + 4 + 3 + 18 + 3 + 18, label: "obfuscated secret" }]
 */
export function findSplitSecrets(
  text: string,
  ownSecrets: readonly OwnSecret[] = [],
): SecretSpan[] {
  return spansOf(text, readChains(text, ownSecrets, true));
}

function readChains(
  text: string,
  ownSecrets: readonly OwnSecret[],
  decode: boolean,
): FoundPieces[] {
  const chains = tokenPieceChains(text);
  const hits: FoundPieces[] = [];
  for (const chain of chains) {
    hits.push(...readPrefixedTokens(chain, false));
    hits.push(...readPrefixedTokens(reversed(chain), true));
  }
  hits.push(...readOwnSecrets(chains, ownSecrets));
  // What hex or base64 decodes to is read by the same rule, once: it is
  // not decoded again.
  if (decode)
    for (const { pieces, decoded } of encodedRuns(text, chains))
      if (readChains(decoded, ownSecrets, false).length > 0)
        hits.push({ pieces, label: OBFUSCATED_LABEL });
  return hits;
}

/** The chain read backwards: pieces in reverse order, each reversed, each with the gap that followed it, reversed too. */
function reversed(chain: readonly Piece[]): Piece[] {
  const backwards = (text: string) => [...text].reverse().join("");
  return chain
    .map((piece, i) => ({
      ...piece,
      text: backwards(piece.text),
      gap: backwards(chain[i + 1]?.gap ?? ""),
    }))
    .reverse()
    .map((piece, i) => (i === 0 ? { ...piece, gap: "" } : piece));
}

/**
 * The hits as spans of the text: each hit's pieces in text order, one span
 * over neighbours with nothing but a separator on one line between them,
 * so a backtick (a code span's edge) and a line break stay where they are.
 */
function spansOf(text: string, hits: readonly FoundPieces[]): SecretSpan[] {
  const spans: SecretSpan[] = [];
  for (const { pieces, label } of hits) {
    const ordered = [...pieces].sort((a, b) => a.start - b.start);
    let span: SecretSpan | undefined;
    for (const piece of ordered) {
      if (span && !/[`\n]/.test(text.slice(span.end, piece.start)))
        span.end = piece.end;
      else {
        span = { start: piece.start, end: piece.end, label };
        spans.push(span);
      }
    }
  }
  return spans;
}
