import { loadGrammarsFor } from "../../../../src/retrieval/chunks/chunk-file.js";
import { createDerivedCache } from "../../../../src/retrieval/index/derived-cache.js";
import { indexForOneQuestion } from "../../../../src/retrieval/one-question/index-for-one-question.js";
import { indexRepository } from "../../../../src/retrieval/index/index-repository.js";
import {
  chunkCopies,
  copyKeysSteps,
  groupCopies,
} from "../../../../src/retrieval/rank/chunk-copies.js";
import { runToEnd } from "../../../../src/shared/time-slices.js";

// Many unrelated Python modules and two that matter: one the question names
// by path, one that declares the class the question uses.
const filler = Array.from({ length: 40 }, (_, i) => ({
  path: `pkg/filler_${i}.py`,
  text: `def helper_${i}(x):\n    return x + ${i}\n\n\ndef other_${i}():\n    return ${i}\n`,
}));
const files = [
  ...filler,
  {
    path: "pkg/session.py",
    text: "class Session:\n    def send(self):\n        return Adapter().send()\n",
  },
  {
    path: "pkg/adapters.py",
    text: "class Adapter:\n    def send(self):\n        return 1\n",
  },
];
const question =
  "Session.send in pkg/session.py returns the wrong value from `Adapter`";
const limits = { topFiles: 2, usersPerSymbol: 2 };

describe("indexForOneQuestion", () => {
  beforeAll(async () => {
    await loadGrammarsFor([{ path: "a.py" }]);
  });

  it("parses the files the question can reach and cuts the rest without trees", () => {
    const { index, stats } = indexForOneQuestion(files, question, { limits });
    expect(stats.parsed).toBeGreaterThanOrEqual(2);
    expect(stats.parsed + stats.withoutTree).toBe(files.length);
    expect(stats.withoutTree).toBeGreaterThan(30);
    // The named file and the definer are cut on their trees: they declare names.
    expect(index.definitions.get("session")).toHaveLength(1);
    expect(index.definitions.get("adapter")).toHaveLength(1);
    // Unparsed files are still indexed, by their words, declaring nothing.
    expect(index.files).toHaveLength(files.length);
    expect(index.bm25.vocabulary.has("helper_7")).toBe(true);
    expect(index.definitions.has("helper_7")).toBe(false);
  });

  it("finds the second stage's copies as a search of its own chunks does", () => {
    const copied =
      "def render_string(source, **context):\n    environment = current_app.jinja_env\n    template = environment.from_string(source)\n    return template.render(**context)\n";
    const { index, stats } = indexForOneQuestion(
      [
        ...files,
        { path: "pkg/a/render.py", text: copied },
        { path: "vendor/b/render.py", text: copied },
      ],
      question,
      { limits },
    );
    expect(stats.parsed).toBeGreaterThan(0);
    const found = chunkCopies(index);
    expect(found.groups).toHaveLength(1);
    expect(found).toEqual(groupCopies(index, runToEnd(copyKeysSteps(index))));
  });

  it("chunks a parsed file exactly as a full index does", () => {
    const { index } = indexForOneQuestion(files, question, { limits });
    const full = indexRepository(files);
    const chunksOf = (i: typeof index, path: string) =>
      i.chunks
        .filter((c) => c.path === path)
        .map((c) => [c.startLine, c.endLine, c.context, c.defines]);
    expect(chunksOf(index, "pkg/session.py")).toEqual(
      chunksOf(full, "pkg/session.py"),
    );
  });

  it("makes every tree in one stage when there are few to make", () => {
    const { index, stats } = indexForOneQuestion(files.slice(-5), question, {
      limits,
    });
    expect(stats.withoutTree).toBe(0);
    expect(index.definitions.has("helper_39")).toBe(true);
  });

  it("runs two stages on few trees when the one-stage limit says so", () => {
    const { index, stats } = indexForOneQuestion(files.slice(-5), question, {
      limits: { topFiles: 1, usersPerSymbol: 1, oneStageMaxTrees: 0 },
    });
    expect(stats.withoutTree).toBeGreaterThan(0);
    expect(index.definitions.get("session")).toHaveLength(1);
  });

  it("caches the trees it makes and never a cut without a tree", () => {
    const derived = createDerivedCache({ maxBytes: 1 << 24 });
    const withSha = files.map((f, i) => ({ ...f, blobSha: `sha${i}` }));
    const { stats } = indexForOneQuestion(withSha, question, {
      limits,
      derived,
    });
    expect(derived.lacking(withSha, {})).toHaveLength(stats.withoutTree);
  });

  it("parses nothing for a question asked again on the trees it made, and gives the same index", () => {
    const derived = createDerivedCache({ maxBytes: 1 << 24 });
    const withSha = files.map((f, i) => ({ ...f, blobSha: `sha${i}` }));
    const first = indexForOneQuestion(withSha, question, { limits, derived });
    const again = indexForOneQuestion(withSha, question, { limits, derived });
    expect(first.stats.parsed).toBeGreaterThan(0);
    expect(again.stats.parsed).toBe(0);
    expect(again.stats.withoutTree).toBe(first.stats.withoutTree);
    expect(again.index).toEqual(first.index);
  });
});
