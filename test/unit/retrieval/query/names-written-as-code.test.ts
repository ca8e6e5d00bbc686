import { namesWrittenAsCode } from "../../../../src/retrieval/query/names-written-as-code.js";

describe("namesWrittenAsCode", () => {
  it("takes names in code spans, called, used as objects or shaped like code", () => {
    expect([
      ...namesWrittenAsCode(
        "How does next(err) reach `finalhandler`? qs.parse and urllib3::x, max_retries and HTTPException too.",
      ),
    ]).toStrictEqual([
      "finalhandler",
      "next",
      "qs",
      "urllib3",
      "max_retries",
      "httpexception",
    ]);
  });

  it("leaves out members of something else, keywords and plain words", () => {
    expect([
      ...namesWrittenAsCode(
        "Why is req.body empty in `this.router`? The router sends a cookie.",
      ),
    ]).toStrictEqual(["req"]);
  });

  it("reads names in code blocks as in prose", () => {
    expect([
      ...namesWrittenAsCode(
        "Crash:\n\n```\nTraceback\n  requests.get(url)\n```\n",
      ),
    ]).toStrictEqual(["requests"]);
  });
});
