import {
  fileChunksShown,
  lostLineRelations,
  tallyUnshownChunks,
  type Relation,
} from "../../../bench/lost-line-relations.js";
import { loadGrammarsFor } from "../../../src/retrieval/chunks/chunk-file.js";
import { indexRepository } from "../../../src/retrieval/index/index-repository.js";
import type { PackedPiece } from "../../../src/retrieval/pack/packing-types.js";
import type { SourceFile } from "../../../src/retrieval/types.js";

// One class of three methods and a top-level function far below it.
const files: SourceFile[] = [
  {
    path: "pkg/session.py",
    text: [
      "class Session:",
      "    def send(self, req):",
      "        return self.pick_adapter(req).transmit(req)",
      "",
      "    def pick_adapter(self, req):",
      "        return self.adapters[0]",
      "",
      "    def close(self):",
      "        self.adapters = []",
      "",
      "",
      "def unrelated_helper(value):",
      "    return value * 2",
      "",
    ].join("\n"),
  },
];
let index: ReturnType<typeof indexRepository>;
beforeAll(async () => {
  await loadGrammarsFor(files);
  index = indexRepository(files, { maxTokens: 20, mergeTokens: 1 });
});
const chunkAt = (line: number) =>
  index.chunks.find((c) => c.startLine <= line && line <= c.endLine);
const piece = (startLine: number, endLine: number): PackedPiece => ({
  path: "pkg/session.py",
  startLine,
  endLine,
  form: "full",
  tokens: 10,
  score: 1,
  context: "",
  why: "",
});

describe("lostLineRelations", () => {
  it("names what ties a lost chunk to its file's shown chunks", () => {
    const send = chunkAt(2);
    const pick = chunkAt(5);
    const helper = chunkAt(12);
    expect(send && pick && helper && send !== pick).toBeTruthy();
    const shown = fileChunksShown(index, 0, [
      piece(send!.startLine, send!.endLine),
    ]);
    expect(shown.shown).toEqual([send]);
    const ofPick = lostLineRelations(index, pick!, shown.shown, 3);
    expect(ofPick).toEqual(
      expect.arrayContaining<Relation>([
        "same outer declaration",
        "declares a name a shown chunk uses",
        "among the 600 candidates",
      ]),
    );
    const ofHelper = lostLineRelations(index, helper!, shown.shown, undefined);
    expect(ofHelper).not.toContain("same outer declaration");
    expect(ofHelper).not.toContain("declares a name a shown chunk uses");
    expect(ofHelper).not.toContain("among the 600 candidates");
  });

  it("tallies every unshown chunk of a shown file, and those holding a gold line", () => {
    const send = chunkAt(2)!;
    const tally = new Map();
    tallyUnshownChunks(
      tally,
      index,
      0,
      [piece(send.startLine, send.endLine)],
      (c) => (c.startLine <= 5 && 5 <= c.endLine ? 1 : 0),
      new Map(),
    );
    const unshown = fileChunksShown(index, 0, [
      piece(send.startLine, send.endLine),
    ]).unshown.length;
    expect(tally.get("any chunk")).toMatchObject({
      chunks: unshown,
      gold: 1,
      goldLines: 1,
    });
    const declares = tally.get("declares a name a shown chunk uses");
    expect(declares).toMatchObject({ chunks: 1, gold: 1, goldLines: 1 });
    // pick_adapter's two lines, estimated at 4 characters a token.
    expect(declares.tokens).toBe(Math.ceil(chunkAt(5)!.text.length / 4));
  });
});
