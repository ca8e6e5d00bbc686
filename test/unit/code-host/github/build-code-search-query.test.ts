import { buildCodeSearchQuery } from "../../../../src/code-host/github/build-code-search-query.js";
import { InvalidPathError } from "../../../../src/shared/errors.js";

const REPO = { owner: "octo-org", repo: "hello-world" };

describe("buildCodeSearchQuery", () => {
  it("adds only repo: and in:file when there are no filters", () => {
    expect(
      buildCodeSearchQuery({ query: "  retry_after  " }, REPO),
    ).toStrictEqual({
      q: "retry_after repo:octo-org/hello-world in:file",
      terms: "retry_after",
      notes: [],
    });
  });

  it("turns symbol: and regex queries into plain words, and says so", () => {
    const built = buildCodeSearchQuery(
      { query: "symbol:/retry.*After/" },
      REPO,
    );

    expect(built.q).toBe(
      "symbol retry After repo:octo-org/hello-world in:file",
    );
    expect(built.notes).toHaveLength(1);
  });

  it("cuts search terms at a word boundary within GitHub's 256 characters", () => {
    const built = buildCodeSearchQuery({ query: "retry ".repeat(60) }, REPO);

    expect(built.terms.length).toBeLessThanOrEqual(256);
    expect(built.terms.endsWith("retry")).toBe(true);
    expect(built.notes).toStrictEqual([
      "GitHub code search takes at most 256 characters of search terms; searched for the first 251.",
    ]);
  });

  it("sends nothing when no search term is left", () => {
    expect(buildCodeSearchQuery({ query: "{ }" }, REPO)).toStrictEqual({
      q: "",
      terms: "",
      notes: ['The query "{ }" has no words GitHub code search can look for.'],
    });
  });

  it("refuses a path prefix that leaves the repository", () => {
    expect(() =>
      buildCodeSearchQuery({ query: "retry", pathPrefix: "../secrets" }, REPO),
    ).toThrow(InvalidPathError);
  });
});
