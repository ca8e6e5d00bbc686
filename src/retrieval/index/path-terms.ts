import { identifierTerms } from "../../text/code-terms.js";

/**
 * The index terms of a path's directory and file names, the extension left
 * out: what a question's terms meet when ranking scores a path
 * (`RepositoryIndex.pathTerms`), and what path search over a tree listing
 * matches, so both spell a path the same way.
 *
 * @example
 * pathTerms("astropy/io/fits/fitsrec.py") // ["astropy", "io", "fits", "fit", "fitsrec"]
 * pathTerms("src/retryPolicy.ts")          // ["src", "retrypolicy", "retry", "policy"]
 */
export function pathTerms(path: string): string[] {
  return [
    ...new Set(
      path
        .replace(/\.[^./]*$/, "")
        .split(/[/.]/)
        .flatMap(identifierTerms),
    ),
  ];
}
