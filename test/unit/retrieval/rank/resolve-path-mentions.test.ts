import { indexRepository } from "../../../../src/retrieval/index/index-repository.js";
import {
  findPathMentions,
  type PathMention,
} from "../../../../src/retrieval/query/path-mentions.js";
import { resolvePathMentions } from "../../../../src/retrieval/rank/resolve-path-mentions.js";

const paths = [
  "src/_pytest/python.py",
  "src/_pytest/fixtures.py",
  "testing/python/collect.py",
  "astro/io/fits/fitsrec.py",
  "astro/io/fits/column.py",
  "astro/units/__init__.py",
  "astro/units/quantity.py",
  "astro/utils/misc.py",
  ...Array.from({ length: 40 }, (_, i) => `astro/other/mod_${i}.py`),
];
const index = indexRepository(paths.map((path) => ({ path, text: "x = 1\n" })));
const resolve = (mention: Omit<PathMention, "weight">): string[] =>
  resolvePathMentions(index, [{ ...mention, weight: 1 }]).map(
    (r) => `${r.scope}:${index.files[r.fileId]!.path}`,
  );

describe("resolvePathMentions", () => {
  it("matches an installed path to the repository by its longest tail", () => {
    expect(
      resolve({
        path: "/usr/lib/python3.9/site-packages/_pytest/python.py",
        source: "stackFrame",
        line: 3,
      }),
    ).toEqual(["file:src/_pytest/python.py"]);
    expect(
      resolve({
        path: "/home/me/venv/lib/site-packages/astro/io/fits/fitsrec.py",
        source: "stackFrame",
      }),
    ).toEqual(["file:astro/io/fits/fitsrec.py"]);
  });

  it("matches a bare file name, and not a long path of another project", () => {
    expect(resolve({ path: "fitsrec.py", source: "path" })).toEqual([
      "file:astro/io/fits/fitsrec.py",
    ]);
    expect(
      resolve({
        path: "/usr/lib/python3.9/site-packages/numpy/core/python.py",
        source: "stackFrame",
      }),
    ).toEqual([]);
  });

  it("matches modules to their file or package, dropping attribute names", () => {
    expect(resolve({ path: "astro/units/quantity", source: "module" })).toEqual(
      ["file:astro/units/quantity.py"],
    );
    expect(resolve({ path: "astro/units", source: "module" })).toEqual([
      "file:astro/units/__init__.py",
    ]);
    expect(
      resolve({ path: "astro/units/quantity/Quantity", source: "module" }),
    ).toEqual(["file:astro/units/quantity.py"]);
    expect(resolve({ path: "io/fits", source: "module" })).toEqual([
      "package:astro/io/fits/fitsrec.py",
      "package:astro/io/fits/column.py",
    ]);
    expect(resolve({ path: "np/linalg", source: "module" })).toEqual([]);
  });

  it("ignores a package that holds much of the repository", () => {
    expect(resolve({ path: "astro", source: "module" })).toEqual([]);
  });
});

describe("findPathMentions", () => {
  it("does not repeat a frame's file as a plain path", () => {
    const mentions = findPathMentions('File "src/app.py", line 3, in main', [
      { path: "src/app.py", line: 3, functionName: "main", style: "python" },
    ]);
    expect(mentions).toEqual([
      { path: "src/app.py", source: "stackFrame", line: 3, weight: 2.5 },
    ]);
  });
});

describe("resolvePathMentions on Rust paths", () => {
  // A tokio-like workspace of several crates, a ripgrep-like crate named
  // with its workspace's prefix, and an fd-like root crate.
  const rust = indexRepository(
    [
      "tokio/src/lib.rs",
      "tokio/src/io/mod.rs",
      "tokio/src/io/interest.rs",
      "tokio/src/sync/mod.rs",
      "tokio/src/sync/semaphore.rs",
      "tokio/src/task/mod.rs",
      "tokio/src/task/local.rs",
      "tokio-util/src/lib.rs",
      "tokio-util/src/sync/mod.rs",
      "tokio-util/src/sync/cancellation_token.rs",
      "crates/regex/src/lib.rs",
      "crates/regex/src/literal.rs",
      "src/main.rs",
      "src/cli.rs",
    ].map((path) => ({ path, text: "pub fn f() {}\n" })),
  );
  const resolveRust = (path: string): string[] =>
    resolvePathMentions(rust, [{ path, source: "rustPath", weight: 2 }]).map(
      (r) => `${r.scope}:${rust.files[r.fileId]!.path}`,
    );

  it("matches a path to its module's file in the crate it names", () => {
    // A type is read as the module of its snake_case name first.
    expect(resolveRust("tokio::sync::Semaphore::MAX_PERMITS")).toEqual([
      "file:tokio/src/sync/semaphore.rs",
    ]);
    expect(resolveRust("tokio::io::Interest")).toEqual([
      "file:tokio/src/io/interest.rs",
    ]);
    expect(resolveRust("tokio_util::sync::CancellationToken")).toEqual([
      "file:tokio-util/src/sync/cancellation_token.rs",
    ]);
    // No module of the type's name: the module that holds it.
    expect(resolveRust("tokio::task::LocalSet")).toEqual([
      "file:tokio/src/task/mod.rs",
    ]);
  });

  it("finds a crate in a directory of its name without the workspace prefix, or at the root", () => {
    expect(resolveRust("grep_regex::literal::LiteralSets")).toEqual([
      "file:crates/regex/src/literal.rs",
    ]);
    expect(resolveRust("fd::cli::Opts")).toEqual(["file:src/cli.rs"]);
    expect(resolveRust("crate::io")).toEqual(["file:tokio/src/io/mod.rs"]);
  });

  it("names no file for a crate's root alone or a module nobody has", () => {
    expect(resolveRust("tokio::spawn")).toEqual([]);
    expect(resolveRust("tokio::main")).toEqual([]);
    expect(resolveRust("tokio::fs::create_dir")).toEqual([]);
  });
});

describe("findPathMentions on Rust paths", () => {
  it("reads a path from a crate's root, not the standard library's or a type's", () => {
    const mentions = findPathMentions(
      "use tokio::sync::watch;\nlet r: std::io::Result<()> = Vec::new(); self::x; crate::parser::Parser",
      [],
    );
    expect(mentions).toEqual([
      { path: "tokio::sync::watch", source: "rustPath", weight: 2 },
      { path: "crate::parser::Parser", source: "rustPath", weight: 2 },
    ]);
  });
});
