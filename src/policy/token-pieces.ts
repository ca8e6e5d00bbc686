/** A run of letters and digits in a text, and what stood before it. */
export interface Piece {
  /** Where the run is: `text.slice(start, end)`. */
  start: number;
  end: number;
  /** The letters and digits. */
  text: string;
  /** The text between the previous piece of its chain and this one; "" for a chain's first. */
  gap: string;
}

/** Pieces that together make a secret, and what its marker calls it. */
export interface FoundPieces {
  pieces: Piece[];
  label: string;
}

const PIECE = /[A-Za-z0-9]+/g;
// What a model may put between fragments of one token and still have a
// reader put them back together: spaces and line breaks (spaced out, half a
// token per line), `+` and `,` (joined literals, an array), quotes and
// backticks (a literal's or a code span's edges), `-`, `_` and `.` (a
// token's own separators, or dashes between its characters) and `\` (an
// escape or a continued line). Anything else (`:`, `/`, `(`, `=`, `|`)
// ends a chain, so a URL, a path or a call is never read as one token.
const GAP = /^[\s+,"'`\\_.-]{1,16}$/;

/**
 * The text's runs of letters and digits, in chains: each piece of a chain
 * follows the one before it across nothing but what may join two fragments
 * of a token (`GAP`: spaces, line breaks, `+`, quotes, backticks, `-`, `_`,
 * `.`, 16 characters at most). A token, written whole or split in any of
 * those ways, lies inside one chain, which is where `findSplitSecrets`
 * looks for it.
 *
 * @example
 * tokenPieceChains('k = "sk-" + "a1b2"; x')
 * // [[{ text: "k", gap: "" }], [{ text: "sk", gap: "" }, { text: "a1b2", gap: '-" + "' }], [{ text: "x", … }]]
 */
export function tokenPieceChains(text: string): Piece[][] {
  const chains: Piece[][] = [];
  let chain: Piece[] = [];
  let lastEnd = -1;
  for (const match of text.matchAll(PIECE)) {
    const gap = lastEnd < 0 ? "" : text.slice(lastEnd, match.index);
    if (chain.length > 0 && !GAP.test(gap)) {
      chains.push(chain);
      chain = [];
    }
    const end = match.index + match[0].length;
    chain.push({
      start: match.index,
      end,
      text: match[0],
      gap: chain.length === 0 ? "" : gap,
    });
    lastEnd = end;
  }
  if (chain.length > 0) chains.push(chain);
  return chains;
}
