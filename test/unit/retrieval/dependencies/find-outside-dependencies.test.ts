import { loadGrammarsFor } from "../../../../src/retrieval/chunks/chunk-file.js";
import { findOutsideDependencies } from "../../../../src/retrieval/dependencies/find-outside-dependencies.js";
import {
  indexRepository,
  type RepositoryIndex,
} from "../../../../src/retrieval/index/index-repository.js";
import { analyzeQuery } from "../../../../src/retrieval/query/query-analysis.js";
import { rankChunks } from "../../../../src/retrieval/rank/rank-chunks.js";
import {
  PYTHON_CLIENT,
  ROUTER_FOUND,
  WEB_FRAMEWORK,
} from "../../../helpers/outside-dependency-repos.js";

/** Finds the outside dependencies of questions over `files`, indexed once in `beforeAll`. */
function findOver(files: Record<string, string>) {
  let index: RepositoryIndex | undefined;
  beforeAll(async () => {
    const list = Object.entries(files).map(([path, text]) => ({ path, text }));
    await loadGrammarsFor(list);
    index = indexRepository(list);
  });
  return (question: string) => {
    if (!index) throw new Error("findOver: index not built yet");
    const { ranked } = rankChunks(index, analyzeQuery(question));
    return findOutsideDependencies({ index, question, ranked });
  };
}

describe("findOutsideDependencies on a JavaScript web framework", () => {
  const find = findOver(WEB_FRAMEWORK);

  it("names the package that hands the code a name the question asks about and the repository never defines", () => {
    expect(find("how does next(err) choose an error handler")).toStrictEqual([
      ROUTER_FOUND,
    ]);
  });

  it("names a package the question names as code, at the line that uses it", () => {
    const found = find(
      "what does `finalhandler` do when no middleware answers?",
    );
    expect(found).toMatchObject([
      {
        name: "finalhandler",
        declared: { path: "package.json", line: 6 },
        imported: { path: "lib/application.js", line: 2 },
        used: {
          path: "lib/application.js",
          text: "var done = callback || finalhandler(req, res, { onerror: logerror });",
        },
        link: { how: "named", name: "finalhandler" },
      },
    ]);
  });

  it("names a package by a name its require binds: the import declares nothing of the repository's", () => {
    const found = find("where does `createError` in res.format come from?");
    expect(found).toMatchObject([
      {
        name: "http-errors",
        imported: { path: "lib/response.js", line: 2 },
        used: {
          line: 13,
          text: "next(createError(406, { types: Object.keys(obj) }));",
        },
        link: { how: "named", name: "createError" },
      },
    ]);
  });

  it("names a package with a name that is no identifier when the question writes it out", () => {
    const found = find(
      "does res.format use http-errors to make the 406 error?",
    );
    expect(found.map((d) => [d.name, d.link.how])).toStrictEqual([
      ["http-errors", "named"],
    ]);
  });

  it("says nothing for a question the repository's own code answers", () => {
    expect(
      find("how does View render a template with its options"),
    ).toStrictEqual([]);
    expect(find("how does `app.listen` start the server")).toStrictEqual([]);
  });

  it("leaves out a package whose result the code only passes on: next(createError(406)) gives `next` nothing", () => {
    const found = find("why does `res.format` call next() with a 406");
    expect(found.map((d) => d.name)).not.toContain("http-errors");
  });

  it("leaves out a member of something else: `app.router` is not the router package", () => {
    expect(find("how is `app.router` set up?")).toStrictEqual([]);
  });

  it("never names Node's own modules, even one a manifest declares", () => {
    expect(find("how does `resolve` find the views directory?")).toStrictEqual(
      [],
    );
    expect(find("how does `http.createServer` get called?")).toStrictEqual([]);
  });

  it("never names a package the repository holds itself", () => {
    expect(find("where do `views.engines` come from?")).toStrictEqual([]);
  });

  it("reads no import from a comment, and none from tests", () => {
    expect(find("how does `ejs` render through app.engine?")).toStrictEqual([]);
    expect(
      find("what does `request(app)` check in app.use tests?"),
    ).toStrictEqual([]);
  });
});

describe("findOutsideDependencies on a Python client", () => {
  const find = findOver(PYTHON_CLIENT);

  it("names the project whose imported name the question writes as code", () => {
    const found = find("how does `Client` retry with HTTPAdapter?");
    expect(found).toMatchObject([
      {
        ecosystem: "python",
        name: "requests",
        declared: {
          path: "pyproject.toml",
          line: 4,
          text: '"requests>=2.31",',
        },
        imported: {
          path: "fetchit/client.py",
          line: 6,
          text: "from requests.adapters import HTTPAdapter",
        },
        used: {
          path: "fetchit/client.py",
          line: 16,
          text: 'self.session.mount("https://", HTTPAdapter(max_retries=retries))',
        },
        link: { how: "named", name: "HTTPAdapter" },
      },
    ]);
  });

  it("names the project that gives a line a name the repository never defines", () => {
    const found = find("where does `Session()` come from in Client?");
    expect(found).toMatchObject([
      {
        name: "requests",
        imported: { line: 5, text: "import requests" },
        used: { line: 15, text: "self.session = requests.Session()" },
        link: { how: "not-defined-here", name: "Session" },
      },
    ]);
  });

  it("says nothing of the standard library, relative imports or plain words", () => {
    expect(find("how does `json.loads` parse the response?")).toStrictEqual([]);
    expect(find("what does `load_config` read?")).toStrictEqual([]);
    expect(find("how does the client retry failed requests")).toStrictEqual([]);
  });
});

describe("findOutsideDependencies where the repository holds the package", () => {
  const find = findOver({
    ...PYTHON_CLIENT,
    "requests/__init__.py": "class Session:\n    pass\n",
    "requests/adapters.py": "class HTTPAdapter:\n    pass\n",
  });

  it("names nothing: the import resolves to the repository's own package", () => {
    expect(find("how does `Client` retry with HTTPAdapter?")).toStrictEqual([]);
    expect(find("how is `requests.Session` mounted in Client?")).toStrictEqual(
      [],
    );
  });
});

describe("findOutsideDependencies for Go and Rust", () => {
  const findGo = findOver({
    "go.mod":
      "module github.com/acme/cli\n\nrequire (\n\tgithub.com/spf13/pflag v1.0.9\n)\n",
    "command.go": `package cli

import (
\t"fmt"

\tflag "github.com/spf13/pflag"
\t"github.com/acme/cli/internal/names"
)

func (c *Command) ParseFlags(args []string) error {
\tfs := flag.NewFlagSet(names.Of(c), flag.ContinueOnError)
\tfmt.Println(fs)
\treturn fs.Parse(args)
}
`,
    "internal/names/names.go":
      'package names\n\nfunc Of(v any) string { return "cmd" }\n',
  });
  const findRust = findOver({
    "Cargo.toml":
      '[package]\nname = "jq-lite"\n\n[dependencies]\nserde_json = "1.0"\nlite-core = { path = "core" }\n',
    "src/main.rs": `use lite_core::Filter;
use serde_json::Value;

fn run(filter: &Filter, input: &str) -> Value {
    let value: Value = serde_json::from_str(input).unwrap();
    filter.apply(value)
}
`,
  });

  it("names a Go module by its package's name, never the repository's own module", () => {
    expect(
      findGo("how does `flag.NewFlagSet` parse ParseFlags args?").map((d) => [
        d.name,
        d.declared.line,
        d.imported.line,
      ]),
    ).toStrictEqual([["github.com/spf13/pflag", 4, 6]]);
    expect(findGo("what does `names.Of` return?")).toStrictEqual([]);
  });

  it("names a crate from Cargo.toml, never a path dependency", () => {
    expect(
      findRust("how does `serde_json::from_str` parse the input?").map((d) => [
        d.name,
        d.declared.line,
        d.used.line,
      ]),
    ).toStrictEqual([["serde_json", 5, 5]]);
    expect(findRust("what does `Filter` apply?")).toStrictEqual([]);
  });
});
