import { loadGrammarsFor } from "../../../../src/retrieval/chunks/chunk-file.js";
import {
  createDerivationMemo,
  type DerivationMemo,
} from "../../../../src/retrieval/one-question/derivation-memo.js";
import { indexForOneQuestion } from "../../../../src/retrieval/one-question/index-for-one-question.js";
import {
  namedFile as named,
  SESSION_ADAPTER_FILES as files,
  SESSION_QUESTION as question,
} from "../../../helpers/session-adapter-files.js";

const limits = { topFiles: 2, usersPerSymbol: 2 };

/** A memo that counts the cuts it made. */
function countingMemo(): DerivationMemo & { made: number } {
  const memo = createDerivationMemo({ maxBytes: 64 * 1024 * 1024 });
  const counting = {
    made: 0,
    obtain: ((file, text, options, cut, derive) =>
      memo.obtain(file, text, options, cut, () => {
        counting.made++;
        return derive();
      })) as DerivationMemo["obtain"],
  };
  return counting;
}

const chunksOf = (index: ReturnType<typeof indexForOneQuestion>["index"]) =>
  index.chunks.map((c) => [c.path, c.startLine, c.endLine, c.defines]);

describe("createDerivationMemo", () => {
  beforeAll(async () => {
    await loadGrammarsFor([{ path: "a.py" }]);
  });

  it("spares a question asked again every cut, and builds the same index", () => {
    const memo = countingMemo();
    const first = indexForOneQuestion(files, question, { limits, memo });
    expect(first.stats.withoutTree).toBeGreaterThan(0);
    const cuts = memo.made;
    expect(cuts).toBe(files.length + first.stats.parsed);
    const again = indexForOneQuestion(files, question, { limits, memo });
    expect(memo.made).toBe(cuts);
    expect(again.stats).toEqual(first.stats);
    expect(chunksOf(again.index)).toEqual(
      chunksOf(indexForOneQuestion(files, question, { limits }).index),
    );
  });

  it("cuts an edited file again, and only it", () => {
    const memo = countingMemo();
    indexForOneQuestion(files, question, { limits, memo });
    const cuts = memo.made;
    const edited = files.map((f) =>
      f.path === "pkg/filler_3.py"
        ? named(f.path, "def renamed_three():\n    return 3\n")
        : f,
    );
    const { index } = indexForOneQuestion(edited, question, { limits, memo });
    expect(memo.made).toBe(cuts + 1);
    expect(index.bm25.vocabulary.has("renamed_three")).toBe(true);
    expect(index.bm25.vocabulary.has("helper_3")).toBe(false);
  });

  it("names a wrong bound", () => {
    expect(() => createDerivationMemo({ maxBytes: 0 })).toThrow(/maxBytes/);
  });
});
