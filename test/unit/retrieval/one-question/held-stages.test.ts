import { loadGrammarsFor } from "../../../../src/retrieval/chunks/chunk-file.js";
import { createDerivedCache } from "../../../../src/retrieval/index/derived-cache.js";
import type { RepositoryIndex } from "../../../../src/retrieval/index/index-repository.js";
import type { HeldStages } from "../../../../src/retrieval/one-question/held-stages.js";
import { indexForOneQuestion } from "../../../../src/retrieval/one-question/index-for-one-question.js";
import {
  namedFile as named,
  SESSION_ADAPTER_FILES as files,
  SESSION_QUESTION as sessionQuestion,
} from "../../../helpers/session-adapter-files.js";

const helperQuestion = "helper_3 in pkg/filler_3.py adds the wrong number";
const limits = { topFiles: 2, usersPerSymbol: 2 };

/** Each file's chunks, as lines and declared names. */
const chunksByFile = (index: RepositoryIndex) =>
  index.files.map((f) =>
    index.chunks
      .slice(f.firstChunk, f.firstChunk + f.chunkCount)
      .map((c) => [c.startLine, c.endLine, c.defines]),
  );

/** The files of `index` cut otherwise than on the first pass (`first`): those parsed. */
const parsedFiles = (index: RepositoryIndex, first: RepositoryIndex) => {
  const ours = chunksByFile(index);
  const theirs = chunksByFile(first);
  return new Set(
    ours.flatMap((chunks, id) =>
      JSON.stringify(chunks) === JSON.stringify(theirs[id]) ? [] : [id],
    ),
  );
};

describe("indexForOneQuestion with held stages", () => {
  beforeAll(async () => {
    await loadGrammarsFor([{ path: "a.py" }]);
  });

  // The first stage alone: a question that matches nothing chooses nothing to parse.
  const firstStage = () =>
    indexForOneQuestion(files, "zzz qqq", { limits }).index;

  it("parses for a later question only the files it chooses that no earlier one parsed, added to the earlier trees", () => {
    const held: HeldStages = {};
    const first = firstStage();
    const session = indexForOneQuestion(files, sessionQuestion, {
      limits,
      held,
    });
    const helperAlone = indexForOneQuestion(files, helperQuestion, { limits });
    const helper = indexForOneQuestion(files, helperQuestion, {
      limits,
      held,
    });

    const bySession = parsedFiles(session.index, first);
    const byHelper = parsedFiles(helperAlone.index, first);
    const both = new Set([...bySession, ...byHelper]);
    expect(bySession.size).toBeGreaterThan(0);
    expect([...byHelper].some((id) => !bySession.has(id))).toBe(true);
    expect(parsedFiles(helper.index, first)).toEqual(both);
    expect(helper.stats.parsed).toBe(
      [...byHelper].filter((id) => !bySession.has(id)).length,
    );
    expect(helper.stats.withoutTree).toBe(
      session.stats.withoutTree - helper.stats.parsed,
    );

    // The index is the one two stages build when the derived cache holds
    // the earlier question's trees and the later one chooses the same files.
    const derived = createDerivedCache({ maxBytes: 1 << 24 });
    indexForOneQuestion(files, sessionQuestion, { limits, derived });
    const cached = indexForOneQuestion(files, helperQuestion, {
      limits,
      derived,
    });
    expect(chunksByFile(helper.index)).toEqual(chunksByFile(cached.index));
    expect(helper.index.bm25).toEqual(cached.index.bm25);
    expect(helper.index.definitions).toEqual(cached.index.definitions);
  });

  it("gives a question asked again the very index it got, parsing nothing", () => {
    const held: HeldStages = {};
    const first = indexForOneQuestion(files, sessionQuestion, {
      limits,
      held,
    });
    const again = indexForOneQuestion(files, sessionQuestion, {
      limits,
      held,
    });
    expect(again.index).toBe(first.index);
    expect(again.stats).toEqual({ ...first.stats, parsed: 0 });
  });

  it("takes no stages held for other files: an edited file is indexed in two stages anew", () => {
    const held: HeldStages = {};
    indexForOneQuestion(files, sessionQuestion, { limits, held });
    const edited = files.map((f) =>
      f.path === "pkg/filler_3.py"
        ? named(f.path, "def renamed_three():\n    return 3\n")
        : f,
    );
    const fresh = indexForOneQuestion(edited, helperQuestion, { limits });
    const after = indexForOneQuestion(edited, helperQuestion, {
      limits,
      held,
    });
    expect(after.stats).toEqual(fresh.stats);
    expect(chunksByFile(after.index)).toEqual(chunksByFile(fresh.index));
    expect(after.index.bm25.vocabulary.has("renamed_three")).toBe(true);
    expect(held.last?.files).toBe(edited);
  });

  it("takes no stages held when the derived cache lacks other files than it did (the whole index saved meanwhile)", () => {
    const held: HeldStages = {};
    indexForOneQuestion(files, sessionQuestion, { limits, held });
    // Two caches holding the same trees: one for the call, one to compare.
    const [withTrees, alike] = [0, 1].map(() => {
      const derived = createDerivedCache({ maxBytes: 1 << 24 });
      indexForOneQuestion(files, helperQuestion, { limits, derived });
      return derived;
    });
    const after = indexForOneQuestion(files, sessionQuestion, {
      limits,
      held,
      derived: withTrees,
    });
    const fresh = indexForOneQuestion(files, sessionQuestion, {
      limits,
      derived: alike,
    });
    expect(after.stats).toEqual(fresh.stats);
    expect(chunksByFile(after.index)).toEqual(chunksByFile(fresh.index));
  });
});
