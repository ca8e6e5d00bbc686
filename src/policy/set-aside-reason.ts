import { generatedHeader } from "./generated-header.js";
import { setAsidePath, type SetAside } from "./generated-paths.js";
import type { LinguistAttributes } from "./git-attributes.js";

export type { SetAside, SetAsideKind } from "./generated-paths.js";

/**
 * Whether a file that retrieval reads is one no one edits to fix an issue,
 * and why, the way GitHub's Linguist decides: the repository's
 * `linguist-generated` first (`=false` overrules the heuristics of its kind,
 * as does `linguist-vendored=false`), then the path (`setAsidePath`), then
 * the text's first lines (`generatedHeader`). Ranking puts such files below
 * the sources people wrote; files that repeat other files (amalgamations)
 * are found from the index's copies instead.
 *
 * `linguist-vendored` set by the repository does not set a file aside: it
 * keeps a file out of GitHub's language statistics, and repositories set it
 * on their own tests, notebooks, docs and assets (markedjs/marked's `test/*`,
 * three training repositories' `*.ipynb`), which fixes edit; it ranks the
 * file as docs instead (`fileAuthorship`).
 *
 * @example
 * setAsideReason("man/zstd.1", '.\\" generated with Ronn-NG\n', {})
 * // { kind: "generated", why: 'first lines say "generated with"' }
 * setAsideReason("gen/api.go", text, { generated: true })
 * // { kind: "generated", why: ".gitattributes marks it linguist-generated" }
 */
export function setAsideReason(
  path: string,
  text: string,
  attributes: LinguistAttributes,
): SetAside | undefined {
  if (attributes.generated)
    return {
      kind: "generated",
      why: ".gitattributes marks it linguist-generated",
    };
  const guess = setAsidePath(path) ?? generatedHeader(path, text);
  // `linguist-generated=false` (or `-vendored`): the repository says people
  // wrote it, and no heuristic of that kind overrules it.
  if (guess && attributes[guess.kind] === false) return undefined;
  return guess;
}
