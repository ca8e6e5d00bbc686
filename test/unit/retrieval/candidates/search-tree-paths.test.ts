import { analyzeQuery } from "../../../../src/retrieval/query/query-analysis.js";
import { searchTreePaths } from "../../../../src/retrieval/candidates/search-tree-paths.js";

const PATHS = [
  "astropy/io/fits/card.py",
  "astropy/io/fits/column.py",
  "astropy/io/fits/fitsrec.py",
  "astropy/io/fits/header.py",
  "astropy/units/quantity.py",
  "docs/index.rst",
];

describe("searchTreePaths", () => {
  it("ranks paths by the question's terms weighted by how rare each is among the paths", () => {
    const terms = analyzeQuery("The FITS header keeps a stale card").terms;
    // "fits" is in four paths, "header" and "card" in one each.
    expect(searchTreePaths(PATHS, terms, 10)).toEqual([
      "astropy/io/fits/card.py",
      "astropy/io/fits/header.py",
      "astropy/io/fits/column.py",
      "astropy/io/fits/fitsrec.py",
    ]);
  });

  it("matches split and stemmed identifiers, and stops at max", () => {
    const terms = analyzeQuery("`QuantityInfo` breaks on columns").terms;
    expect(searchTreePaths(PATHS, terms, 1)).toEqual([
      "astropy/units/quantity.py",
    ]);
    expect(searchTreePaths(PATHS, terms, 10)).toEqual([
      "astropy/units/quantity.py",
      "astropy/io/fits/column.py",
    ]);
  });

  it("finds nothing for a question none of whose terms is in a path", () => {
    expect(
      searchTreePaths(PATHS, analyzeQuery("why so slow").terms, 10),
    ).toEqual([]);
  });
});
