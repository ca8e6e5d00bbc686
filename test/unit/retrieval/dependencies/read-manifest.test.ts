import { readManifest } from "../../../../src/retrieval/dependencies/read-manifest.js";

/** "name@line" for each dependency a manifest declares. */
function declared(path: string, text: string): string[] {
  return (readManifest(path, text)?.declared ?? []).map(
    (d) => `${d.name}@${d.line}`,
  );
}

describe("readManifest", () => {
  it("reads package.json's dependency sections at their keys' lines, not a keyword of the same name", () => {
    const text = `{
  "name": "webkit",
  "keywords": ["router"],
  "dependencies": {
    "router": "^2.2.0",
    "@octokit/rest": "^22.0.1"
  },
  "devDependencies": { "mocha": "^11.0.0" },
  "peerDependencies": {
    "not a package name": "1.0.0"
  }
}`;
    expect(readManifest("package.json", text)).toMatchObject({
      ecosystem: "npm",
      own: ["webkit"],
      declared: [
        { name: "router", line: 5, text: '"router": "^2.2.0"' },
        { name: "@octokit/rest", line: 6 },
        { name: "mocha", line: 8 },
      ],
    });
    expect(declared("package.json", "{ broken")).toStrictEqual([]);
  });

  it("reads pyproject.toml's dependency arrays and Poetry's tables, as import names", () => {
    const text = `[build-system]
requires = ["setuptools>=61"]

[project]
name = "fetchit"
dependencies = [
    "requests>=2.31",  # HTTP
    "charset-normalizer>=2,<4",
]

[project.optional-dependencies]
socks = ["PySocks>=1.5.6, !=1.5.7"]

[dependency-groups]
test = ["pytest>=8", { include-group = "lint" }]

[tool.poetry.dependencies]
python = "^3.10"
Jinja2 = "^3.1"
`;
    expect(declared("pyproject.toml", text)).toStrictEqual([
      "requests@7",
      "charset_normalizer@8",
      "pysocks@12",
      "pytest@15",
      "jinja2@19",
    ]);
  });

  it("reads requirements files, setup.py and setup.cfg", () => {
    expect(
      declared(
        "requirements/dev.txt",
        "-r base.txt\n# tools\npytest>=8\nhttpx[http2] ; python_version >= '3.9'\ngit+https://example.com/x.git\n",
      ),
    ).toStrictEqual(["pytest@3", "httpx@4"]);
    expect(
      declared(
        "setup.py",
        `requires = [
    "urllib3>=1.21.1,<3",
    "certifi>=2017.4.17",
]
setup(
    name="requests",
    python_requires=">=3.8",
    install_requires=requires,
    extras_require={"socks": ["PySocks>=1.5.6"]},
)
`,
      ),
    ).toStrictEqual(["urllib3@2", "certifi@3", "pysocks@9"]);
    expect(
      declared(
        "setup.cfg",
        "[metadata]\nname = fetchit\n\n[options]\ninstall_requires =\n    requests>=2\n    PyYAML\npython_requires = >=3.8\n\n[options.extras_require]\ntest = pytest\n",
      ),
    ).toStrictEqual(["requests@6", "pyyaml@7", "pytest@11"]);
  });

  it("reads Cargo.toml's dependency tables, with path dependencies as the repository's own", () => {
    const reading = readManifest(
      "crates/cli/Cargo.toml",
      `[package]
name = "grep-cli"

[dependencies]
serde-json = "1.0"
grep-core = { path = "../core" }

[target.'cfg(windows)'.dependencies]
winapi-util = "0.1"

[dev-dependencies.tempfile]
version = "3"
`,
    );
    expect(reading?.declared.map((d) => `${d.name}@${d.line}`)).toStrictEqual([
      "serde_json@5",
      "winapi_util@9",
      "tempfile@11",
    ]);
    expect(reading?.own).toStrictEqual(["grep_cli", "grep_core"]);
  });

  it("reads go.mod's requirements, its module and local replacements", () => {
    const reading = readManifest(
      "go.mod",
      `module github.com/spf13/cobra

go 1.15

require github.com/inconshreveable/mousetrap v1.1.0

require (
\tgithub.com/spf13/pflag v1.0.9 // indirect
\tgo.yaml.in/yaml/v3 v3.0.4
)

replace github.com/acme/tool => ../tool
`,
    );
    expect(reading?.declared.map((d) => `${d.name}@${d.line}`)).toStrictEqual([
      "github.com/inconshreveable/mousetrap@5",
      "github.com/spf13/pflag@8",
      "go.yaml.in/yaml/v3@9",
    ]);
    expect(reading?.own).toStrictEqual([
      "github.com/spf13/cobra",
      "github.com/acme/tool",
    ]);
  });

  it("reads no other file", () => {
    expect(readManifest("lib/package.js", "{}")).toBeUndefined();
    expect(readManifest("docs/requirements.md", "requests")).toBeUndefined();
  });
});
