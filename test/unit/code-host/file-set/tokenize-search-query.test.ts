import { tokenizeSearchQuery } from "../../../../src/code-host/file-set/tokenize-search-query.js";

describe("tokenizeSearchQuery", () => {
  it("splits camelCase, PascalCase and acronyms, keeping the whole word first", () => {
    expect(tokenizeSearchQuery("parseHTTPResponse")).toEqual([
      "parsehttpresponse",
      "parse",
      "http",
      "response",
    ]);
    expect(tokenizeSearchQuery("RetryPolicy")).toEqual([
      "retrypolicy",
      "retry",
      "policy",
    ]);
    // A part too short to keep must not lose the identifier.
    expect(tokenizeSearchQuery("revalidate ETag")).toEqual([
      "revalidate",
      "etag",
      "tag",
    ]);
  });

  it("splits snake_case, kebab-case, dots and slashes", () => {
    expect(tokenizeSearchQuery("MAX_RETRY_COUNT")).toEqual([
      "max",
      "retry",
      "count",
    ]);
    expect(tokenizeSearchQuery("code-host/github.api")).toEqual([
      "code",
      "host",
      "github",
      "api",
    ]);
  });

  it("drops stop words and one-character tokens, lowercases and dedupes in query order", () => {
    expect(
      tokenizeSearchQuery(
        "How does the retry logic decide when to give up? a Retry x",
      ),
    ).toEqual(["retry", "logic", "decide", "give", "up"]);
  });

  it("keeps digits with their word", () => {
    expect(tokenizeSearchQuery("utf8Decoder v2")).toEqual([
      "utf8decoder",
      "utf8",
      "decoder",
      "v2",
    ]);
  });

  it("returns nothing for a query of stop words and punctuation", () => {
    expect(tokenizeSearchQuery("what is the ?!")).toEqual([]);
  });
});
