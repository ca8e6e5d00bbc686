import { splitFileLines } from "../../../../src/eval/file-lines.js";
import { indexRepository } from "../../../../src/retrieval/index/index-repository.js";
import { packContext } from "../../../../src/retrieval/pack/pack-context.js";
import type { ElideKind } from "../../../../src/retrieval/pack/elide-lines.js";
import { analyzeQuery } from "../../../../src/retrieval/query/query-analysis.js";
import { rankChunks } from "../../../../src/retrieval/rank/rank-chunks.js";
import {
  checkAgainstPieces,
  shownLines,
} from "../../../../src/eval/shown-lines.js";
import { createTokenCounter } from "../../../../src/tokens/create-token-counter.js";

const counter = createTokenCounter({ model: "gpt-4o" });

// A Java file as many repositories write them: a licence header, a long
// comment above each method, then the code a fix would touch.
function ledgerFile(): string {
  const header = [
    "/*",
    " * Copyright 2021 The Ledger Authors",
    " *",
    ' * Licensed under the Apache License, Version 2.0 (the "License");',
    " * you may not use this file except in compliance with the License.",
    " * You may obtain a copy of the License at",
    " *",
    " *     http://www.apache.org/licenses/LICENSE-2.0",
    " *",
    " * Unless required by applicable law or agreed to in writing, software",
    ' * distributed under the License is distributed on an "AS IS" BASIS,',
    " * WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.",
    " */",
    "package ledger;",
    "",
    "import ledger.journal.Journal;",
    "import ledger.limits.LimitExceeded;",
    "import ledger.limits.Limits;",
    "",
    "public class Ledger {",
    "    private final Journal journal;",
    "    private final Limits limits;",
  ];
  const methods = Array.from({ length: 6 }, (_, m) => [
    `    // Posts batch ${m} of entries to the journal.`,
    "    //",
    "    // Each one is checked before it is written, and the batch is",
    "    // written out once it is full. Callers hold the lock for the",
    "    // whole call; what arrives after close is turned away with an",
    "    // exception, so nothing is half written. Kept in one method",
    "    // per batch for the profiler's sake.",
    `    void postBatch${m}(Entry entry) {`,
    `        long balance${m} = journal.balanceOf(entry.account());`,
    `        if (balance${m} + entry.amount() > limits.of(entry.account())) {`,
    `            throw new LimitExceeded(entry.account(), balance${m});`,
    "        }",
    `        journal.append(entry, ${m});`,
    "    }",
    "",
  ]).flat();
  return [...header, ...methods, "}", ""].join("\n");
}

describe("packing with comments elided (PackOptions.elide)", () => {
  it("shows more code lines of a file with a licence header and long comments within a small budget, with markers on the real line numbers", () => {
    const text = ledgerFile();
    const files = [{ path: "src/main/java/ledger/Ledger.java", text }];
    const index = indexRepository(files, { maxTokens: 200, mergeTokens: 80 });
    const { ranked, available } = rankChunks(
      index,
      analyzeQuery("postBatch journal balance limits LimitExceeded"),
    );
    const budget = 520;
    const pack = (elide: ElideKind[]) =>
      packContext({
        ranked,
        chunksAvailable: available,
        files: index.files,
        lineCount: () => index.files[0]!.lineCount,
        budget,
        tokenCounter: counter,
        options: { wholeRepository: false, mapShare: 0, elide },
      });
    const packed = pack(["licence", "comment"]);
    expect(packed.tokensUsed).toBeLessThanOrEqual(budget);
    expect(counter.count(packed.text)).toBeLessThanOrEqual(budget);

    const fileLines = splitFileLines(text);
    const shown = shownLines(packed.text, () => fileLines);
    const codeShown = (context: string): number =>
      [
        ...(shownLines(context, () => fileLines).byPath.get(files[0]!.path) ??
          []),
      ].filter((n) => /^\s+(?:if|throw|journal|long)\b/.test(fileLines[n - 1]!))
        .length;
    // Comments cut to their opening leave room for more methods' bodies
    // than comments shown whole.
    const before = codeShown(pack([]).text);
    expect(codeShown(packed.text)).toBeGreaterThan(before);
    expect(pack([]).pieces.some((p) => p.omitted)).toBe(false);
    // Every line shown is the file's line at its number: the markers moved
    // the reader past exactly the lines they stand for.
    expect(shown.mismatches).toBe(0);
    expect(checkAgainstPieces(shown, packed.pieces)).toEqual({
      outsidePieces: 0,
      fullNotShown: 0,
    });
    // Each full piece's omitted ranges are comment lines of the file, and
    // its marker names them.
    const elided = packed.pieces
      .filter((p) => p.form === "full")
      .flatMap((p) => p.omitted ?? []);
    expect(elided.length).toBeGreaterThanOrEqual(4);
    for (const [from, to] of elided) {
      expect(packed.text).toContain(`// … lines ${from}-${to} omitted`);
      for (let n = from; n <= to; n++)
        expect(fileLines[n - 1]).toMatch(/^\s*(?:\/\*|\*|\/\/)/);
    }
  });
});
