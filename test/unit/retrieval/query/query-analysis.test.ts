import { findErrorMentions } from "../../../../src/retrieval/query/error-messages.js";
import {
  analyzeQuery,
  type QueryTerm,
} from "../../../../src/retrieval/query/query-analysis.js";
import { QUERY_WEIGHTS } from "../../../../src/retrieval/query/query-weights.js";

const term = (terms: QueryTerm[], name: string): QueryTerm | undefined =>
  terms.find((t) => t.term === name);

describe("analyzeQuery", () => {
  it("takes no terms from commits, digests and screenshots' names, nor from their parts", () => {
    const { terms, paths } = analyzeQuery(
      [
        "F# type annotations are not highlighted since adb42f4",
        "",
        "![image](https://user-images.githubusercontent.com/1454008/42227505-f414e1b6-7ee1-11e8-9c6c-9c64ec2a4406.png)",
        "",
        "sha256 `cd0557de2fdfac98d8d26d2f861b8266dcfc07ed09dbdacad7dc21ee2560310`",
      ].join("\n"),
    );
    expect(terms.map((t) => t.term)).toEqual(
      expect.arrayContaining(["annotations", "highlighted", "type"]),
    );
    for (const noise of [
      "adb42f4",
      "f414e1b6",
      "ee",
      "9c6c",
      "cd0557de2fdfac98d8d26d2f861b8266dcfc07ed09dbdacad7dc21ee2560310",
    ])
      expect(term(terms, noise)).toBeUndefined();
    expect(terms.some((t) => /\d/.test(t.term) && /-/.test(t.term))).toBe(
      false,
    );
    // The link is still read as a path: a link to a file of the repository names it.
    expect(paths.map((p) => p.source)).toContain("path");
  });

  it("keeps hexadecimal-looking words that may be names (no digit, or short)", () => {
    const { terms } = analyzeQuery("`deadbeef` and `utf8` and `sha1sum` break");
    for (const name of ["deadbeef", "utf8", "sha1sum"])
      expect(term(terms, name)).toBeDefined();
  });

  it("keeps identifiers whole and adds their camelCase and snake_case parts at a lower weight", () => {
    const { terms } = analyzeQuery(
      "Calling `parse_http_response` from getRetryPolicy breaks",
    );
    expect(term(terms, "parse_http_response")).toMatchObject({
      source: "codeSpan",
      symbol: true,
    });
    expect(term(terms, "getretrypolicy")).toMatchObject({
      source: "identifier",
      symbol: true,
    });
    // Parts are stemmed: "parse" and "parsing" both give "pars".
    for (const part of ["pars", "http", "respons", "retry", "policy"]) {
      expect(term(terms, part)?.symbol).toBe(false);
      expect(term(terms, part)?.weight).toBeLessThan(QUERY_WEIGHTS.identifier);
    }
  });

  it("weighs deliberate code above prose, and drops stop words", () => {
    const { terms } = analyzeQuery(
      "The timeout\n\nWhen I use the `Session` object the timeout is ignored",
    );
    expect(term(terms, "session")?.weight).toBeGreaterThan(
      term(terms, "timeout")?.weight ?? Infinity,
    );
    expect(term(terms, "the")).toBeUndefined();
    expect(term(terms, "when")).toBeUndefined();
    // "timeout" is in the title and the body.
    expect(term(terms, "timeout")).toMatchObject({ source: "title", count: 2 });
  });

  it("reads Python traceback frames with files, lines and functions", () => {
    const q = analyzeQuery(
      [
        "Traceback (most recent call last):",
        '  File "poc.py", line 12, in <module>',
        '  File "/usr/lib/python3.6/site-packages/astro/units/decorators.py", line 225, in wrapper',
        "    return return_.to(wrapped_signature.return_annotation)",
        "AttributeError: 'NoneType' object has no attribute 'to'",
      ].join("\n"),
    );
    expect(q.frames).toEqual([
      { path: "poc.py", line: 12, functionName: undefined, style: "python" },
      {
        path: "/usr/lib/python3.6/site-packages/astro/units/decorators.py",
        line: 225,
        functionName: "wrapper",
        style: "python",
      },
    ]);
    expect(term(q.terms, "wrapper")).toMatchObject({
      source: "stackFrameFunction",
      symbol: true,
    });
    expect(q.paths).toContainEqual(
      expect.objectContaining({
        source: "stackFrame",
        line: 225,
        path: expect.stringMatching(/units\/decorators\.py$/),
      }),
    );
  });

  it("reads JavaScript stack frames", () => {
    const q = analyzeQuery(
      "TypeError: Cannot read properties of undefined (reading 'id')\n    at resolveUser (src/auth/resolve-user.ts:41:17)\n    at async Server.handle (/app/dist/server.js:88:5)\n    at node:internal/process/task_queues:95:5",
    );
    expect(q.frames).toEqual([
      {
        path: "src/auth/resolve-user.ts",
        line: 41,
        functionName: "resolveUser",
        style: "javascript",
      },
      {
        path: "/app/dist/server.js",
        line: 88,
        functionName: "handle",
        style: "javascript",
      },
    ]);
    expect(term(q.terms, "resolveuser")?.source).toBe("stackFrameFunction");
    expect(term(q.terms, "typeerror")?.source).toBe("errorType");
  });

  it("takes the error type and the literal parts of its message", () => {
    const q = analyzeQuery(
      "It raises ValueError: could not convert string to float: 'abc'",
    );
    expect(term(q.terms, "valueerror")).toMatchObject({
      source: "errorType",
      symbol: true,
    });
    expect(term(q.terms, "convert")?.source).toBe("errorMessage");
    expect(q.phrases).toContainEqual({
      text: "could not convert string to float",
      source: "errorMessage",
      weight: QUERY_WEIGHTS.errorMessage,
    });
  });

  it("finds file paths, bare file names and module names", () => {
    const q = analyzeQuery(
      "In lib/io/fitsrec.py the loop is wrong; see also setup.cfg.\n\n```python\nfrom astro.units.quantity import Quantity\nimport numpy as np\n```",
    );
    const paths = q.paths.map((p) => `${p.source}:${p.path}`);
    expect(paths).toEqual(
      expect.arrayContaining([
        "path:lib/io/fitsrec.py",
        "path:setup.cfg",
        "module:astro/units/quantity",
        "module:numpy",
      ]),
    );
    expect(term(q.terms, "fitsrec")?.source).toBe("pathName");
  });

  it("reads identifiers in fenced and indented code blocks at a code-block weight", () => {
    const q = analyzeQuery(
      "Repro:\n\n```\nds = open_dataset(path, decode_times=False)\n```\n\nand\n\n    ds.resample(time='1D')\n",
    );
    expect(term(q.terms, "open_dataset")?.source).toBe("codeBlockIdentifier");
    expect(term(q.terms, "decode_times")?.source).toBe("codeBlockIdentifier");
    expect(term(q.terms, "resample")?.source).toBe("codeBlockIdentifier");
  });

  it("turns quoted words into terms and quoted sentences into phrases", () => {
    const q = analyzeQuery(
      `The option "max_redirects" is ignored and it logs 'connection pool is full, discarding'`,
    );
    expect(term(q.terms, "max_redirects")?.source).toBe("quoted");
    expect(q.phrases.map((p) => p.text)).toContain(
      "connection pool is full, discarding",
    );
  });

  it("orders terms strongest first and explains each with a source", () => {
    const { terms } = analyzeQuery("`frobnicate` fails in the widget");
    expect(terms[0]?.term).toBe("frobnicate");
    for (let i = 1; i < terms.length; i++)
      expect(terms[i - 1]!.weight).toBeGreaterThanOrEqual(terms[i]!.weight);
    for (const t of terms)
      expect(Object.keys(QUERY_WEIGHTS)).toContain(t.source);
  });

  it("handles an empty question", () => {
    expect(analyzeQuery("")).toEqual({
      terms: [],
      paths: [],
      frames: [],
      phrases: [],
      members: [],
    });
  });
});

describe("analyzeQuery on issue templates", () => {
  it("drops HTML comments and weighs collapsed sections like code blocks", () => {
    const q = analyzeQuery(
      "Crash in resample\n<!-- Please include a minimal_complete_example -->\n\n<details><summary>Versions</summary>\n\nlibhdf5_version: 1.10\n</details>\n",
    );
    expect(
      q.terms.find((t) => t.term === "minimal_complete_example"),
    ).toBeUndefined();
    expect(q.terms.find((t) => t.term === "libhdf5_version")?.source).toBe(
      "codeBlockIdentifier",
    );
  });

  it("reads pytest's path:line frames, absolute or relative", () => {
    const q = analyzeQuery(
      "/usr/local/lib/python3.8/site-packages/_pytest/runner.py:341: in from_call\n    result = func()\nsrc/pkg/mod.py:12: AssertionError",
    );
    expect(q.frames).toEqual([
      {
        path: "/usr/local/lib/python3.8/site-packages/_pytest/runner.py",
        line: 341,
        functionName: "from_call",
        style: "path-line",
      },
      {
        path: "src/pkg/mod.py",
        line: 12,
        functionName: undefined,
        style: "path-line",
      },
    ]);
  });
});

describe("findErrorMentions", () => {
  it("takes a dotted error type's class name and its message's literal parts", () => {
    expect(
      findErrorMentions(
        "raise astropy.units.core.UnitsError: 'm' (length) and 's' (time) are not convertible",
      ),
    ).toEqual([
      {
        type: "UnitsError",
        message: "'m' (length) and 's' (time) are not convertible",
        fragments: ["are not convertible"],
      },
    ]);
  });

  it("reads no names from a link's host or path", () => {
    const q = analyzeQuery(
      'Wrong padding\n\nAccording to https://en.cppreference.com/w/cpp/utility/format/formatter: "If the 0 character and an align option both appear, the 0 character is ignored." See also www.example.org/docs.',
    );
    const terms = q.terms.map((t) => t.term);
    expect(terms).not.toContain("cppreference");
    expect(terms).not.toContain("com");
    expect(terms).not.toContain("example");
    expect(terms).toContain("align");
  });
});
