import { elideLines } from "../../../../src/retrieval/pack/elide-lines.js";
import { omittedMarkerFor } from "../../../../src/retrieval/pack/render-context.js";

const python = [
  "def send(self, request):",
  '    """Send a request and return the response.',
  "",
  "    The adapter is chosen by the URL's scheme and host, and the hooks",
  "    run before the request goes out. Redirects are followed unless",
  "    the caller says not to.",
  "",
  "    :param request: the prepared request",
  '    """',
  "    adapter = self.get_adapter(request.url)",
  "    return adapter.send(request)",
].join("\n");

const rust = [
  "/// Spawns a task on the runtime.",
  "///",
  "/// # Examples",
  "///",
  "/// ```",
  "/// tokio::spawn(async { 1 });",
  "/// ```",
  "pub fn spawn<T>(future: T) -> JoinHandle<T> {",
  "    spawn_inner(future)",
  "}",
].join("\n");

const java = [
  "/*",
  " * Copyright 2021 The Ledger Authors",
  ' * Licensed under the Apache License, Version 2.0 (the "License");',
  " */",
  "package ledger;",
  "",
  "import ledger.a.A;",
  "import ledger.a.B;",
  "import ledger.a.C;",
  "",
  "import ledger.b.D;",
  "import ledger.b.E;",
  "import ledger.b.F;",
  "import ledger.b.G;",
  "import ledger.b.H;",
  "",
  "public class Ledger {",
  "    // Posts entries.",
  "    //",
  "    // Each one is checked before it is written, and the batch is",
  "    // written out once it is full. Callers hold the lock for the",
  "    // whole call; what arrives after close is turned away with an",
  "    // exception, so nothing is half written. Kept in one method",
  "    // for the profiler's sake.",
  "    void post(Entry entry) {}",
  "}",
].join("\n");

function elide(
  path: string,
  text: string,
  kinds: Parameters<typeof elideLines>[1]["kinds"],
  keep?: (i: number) => boolean,
  startLine = 100,
) {
  return elideLines(
    { path, text, startLine },
    { kinds, marker: omittedMarkerFor(path), ...(keep ? { keep } : {}) },
  );
}

describe("elideLines", () => {
  it("keeps a Python docstring's first paragraph and closing quotes, marking the rest on its real lines at the code's indent", () => {
    const elided = elide("pkg/sessions.py", python, ["docstring"]);
    expect(elided?.omitted).toEqual([[102, 107]]);
    expect(elided?.text.split("\n")).toEqual([
      "def send(self, request):",
      '    """Send a request and return the response.',
      "    # … lines 102-107 omitted",
      '    """',
      "    adapter = self.get_adapter(request.url)",
      "    return adapter.send(request)",
    ]);
  });

  it("keeps a Rust doc comment's first paragraph", () => {
    const elided = elide("src/task.rs", rust, ["doc"]);
    expect(elided?.omitted).toEqual([[101, 106]]);
    expect(elided?.text).toBe(
      [
        "/// Spawns a task on the runtime.",
        "// … lines 101-106 omitted",
        ...rust.split("\n").slice(7),
      ].join("\n"),
    );
  });

  it("leaves doc comments alone unless asked, and short ones always", () => {
    expect(elide("src/task.rs", rust, ["comment", "licence"])).toBeUndefined();
    expect(elide("src/task.rs", rust, ["docstring"])).toBeUndefined();
    expect(elide("pkg/sessions.py", python, ["doc"])).toBeUndefined();
    const short = rust.split("\n").slice(0, 3).concat("fn f() {}").join("\n");
    expect(elide("src/task.rs", short, ["doc"])).toBeUndefined();
  });

  it("drops a licence header whole, long plain comments past their opening, and long import runs but their first two and last lines", () => {
    // A licence header is one only at the top of its file.
    const kinds = ["licence", "comment", "imports"] as const;
    const elided = elide("src/Ledger.java", java, kinds, undefined, 1);
    expect(elided?.omitted).toEqual([
      [1, 4],
      [9, 14],
      [20, 24],
    ]);
    expect(elided?.text).toContain("// … lines 1-4 omitted\npackage ledger;");
    expect(elided?.text).toContain(
      "import ledger.a.B;\n// … lines 9-14 omitted\nimport ledger.b.H;",
    );
    expect(elided?.text).toContain(
      "    //\n    // … lines 20-24 omitted\n    void post",
    );
    expect(elide("src/Ledger.java", java, ["licence"])).toBeUndefined();
  });

  it("keeps the lines it is asked to, and never drops a single line behind a marker", () => {
    // Line 104 (index 4) of the docstring names what was asked.
    const elided = elide(
      "pkg/sessions.py",
      python,
      ["docstring"],
      (i) => i === 4,
    );
    expect(elided?.omitted).toEqual([
      [102, 103],
      [105, 107],
    ]);
    const one = elide("pkg/sessions.py", python, ["docstring"], (i) => i !== 5);
    expect(one).toBeUndefined();
  });

  it("elides nothing in a format without comments, or with no kinds", () => {
    expect(elide("README.md", "# a\n".repeat(20), ["comment"])).toBeUndefined();
    expect(elide("src/Ledger.java", java, [])).toBeUndefined();
  });
});
