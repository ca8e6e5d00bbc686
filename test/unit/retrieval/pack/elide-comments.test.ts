import { elideComments } from "../../../../src/retrieval/pack/elide-comments.js";
import { omittedMarker } from "../../../../src/retrieval/pack/render-context.js";

const marker =
  (path: string) =>
  (from: number, to: number, indent: string): string =>
    omittedMarker(path, from, to, indent);

const LICENCE_HEADER = [
  "/*",
  " * Copyright 2021 The Ledger Authors",
  " *",
  ' * Licensed under the Apache License, Version 2.0 (the "License");',
  " * you may not use this file except in compliance with the License.",
  " */",
];

describe("elideComments", () => {
  it("replaces a leading licence header with one marker carrying its line numbers", () => {
    const text = [
      ...LICENCE_HEADER,
      "package ledger;",
      "",
      "class Ledger {}",
    ].join("\n");
    const path = "src/Ledger.java";
    expect(
      elideComments({ path, text, startLine: 1 }, { marker: marker(path) }),
    ).toEqual({
      text: "// … lines 1-6 omitted\npackage ledger;\n\nclass Ledger {}",
      omitted: [[1, 6]],
    });
  });

  it("keeps a long comment's first two lines, its closing line and lines naming what was asked, and marks the rest", () => {
    const text = [
      "    /*",
      "     * Posts an entry to the ledger.",
      "     * <p>",
      "     * The entry is validated first, then appended to the journal",
      "     * and flushed when the batch is full. Callers must hold the",
      "     * ledger's lock; see flushBatch for the details of batching.",
      "     * Entries posted after close are rejected.",
      "     */",
      "    void post(Entry e) {",
      "        journal.append(e);",
      "    }",
    ].join("\n");
    const path = "src/Ledger.java";
    const elided = elideComments(
      { path, text, startLine: 40 },
      { marker: marker(path), keep: (line) => line.includes("flushBatch") },
    );
    expect(elided?.text.split("\n")).toEqual([
      "    /*",
      "     * Posts an entry to the ledger.",
      "     // … lines 42-44 omitted",
      "     * ledger's lock; see flushBatch for the details of batching.",
      "     * Entries posted after close are rejected.",
      "     */",
      "    void post(Entry e) {",
      "        journal.append(e);",
      "    }",
    ]);
    expect(elided?.omitted).toEqual([[42, 44]]);
  });

  it("elides runs of line comments in the file's own syntax, and leaves short comments and code alone", () => {
    const path = "ledger/post.py";
    const text = [
      "def post(entry):",
      "    # Validate first.",
      "    check(entry)",
      ...Array.from({ length: 8 }, (_, i) => `    # note ${i}`),
      "    journal.append(entry)",
    ].join("\n");
    const elided = elideComments(
      { path, text, startLine: 10 },
      { marker: marker(path) },
    );
    expect(elided?.text.split("\n")).toEqual([
      "def post(entry):",
      "    # Validate first.",
      "    check(entry)",
      "    # note 0",
      "    # note 1",
      "    # … lines 15-20 omitted",
      "    journal.append(entry)",
    ]);
  });

  it("leaves doc comments whole: fixes edit them", () => {
    const path = "src/ledger.rs";
    const doc = Array.from(
      { length: 9 },
      (_, i) => `    /// Posting rule ${i}.`,
    );
    const text = [...doc, "    pub fn post(&mut self) {}"].join("\n");
    expect(
      elideComments({ path, text, startLine: 5 }, { marker: marker(path) }),
    ).toBeUndefined();
    const javadoc = [
      "/**",
      ...doc.map((l) => l.replace("///", " *")),
      " */",
      "void post() {}",
    ].join("\n");
    expect(
      elideComments(
        { path: "src/Ledger.java", text: javadoc, startLine: 30 },
        { marker: marker("src/Ledger.java") },
      ),
    ).toBeUndefined();
  });

  it("leaves a licence-like comment below the top of the file, a block closed by code, and formats without comments alone", () => {
    const path = "src/ledger.c";
    const lowHeader = [
      "int x;",
      "",
      "",
      ...LICENCE_HEADER.slice(0, 5),
      " */ int y;",
    ].join("\n");
    expect(
      elideComments(
        { path, text: lowHeader, startLine: 1 },
        { marker: marker(path) },
      ),
    ).toBeUndefined();
    const markdown = ["# Ledger", ...LICENCE_HEADER].join("\n");
    expect(
      elideComments(
        { path: "README.md", text: markdown, startLine: 1 },
        { marker: marker("README.md") },
      ),
    ).toBeUndefined();
  });
});
