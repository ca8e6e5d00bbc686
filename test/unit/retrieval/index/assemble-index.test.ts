import { jest } from "@jest/globals";
import { loadGrammarsFor } from "../../../../src/retrieval/chunks/chunk-file.js";
import { assembleIndexSteps } from "../../../../src/retrieval/index/assemble-index.js";
import { Bm25Builder } from "../../../../src/retrieval/index/bm25-builder.js";
import {
  deriveFile,
  type DerivedFile,
} from "../../../../src/retrieval/index/derive-file.js";
import { deriveWithoutTree } from "../../../../src/retrieval/index/derive-without-tree.js";
import { runToEnd } from "../../../../src/shared/time-slices.js";

// A method long enough to be cut in pieces.
const method = (name: string) =>
  `    def ${name}(self, request):\n` +
  Array.from(
    { length: 30 },
    (_, i) => `        step_${i} = request.${name}_part(${i})\n`,
  ).join("") +
  "        return step_0\n";

// Python files, so that a first pass (blank lines) and a tree cut them
// differently, as a question's two stages do: session.py into 4 chunks and 7.
const files = [
  {
    path: "pkg/utils.py",
    text: "import os\n\n\ndef to_native(value):\n    return os.fspath(value)\n",
  },
  {
    path: "pkg/session.py",
    text: `class Session:\n${method("send")}\n${method("close")}\n\nclass Other:\n    pass\n`,
  },
  {
    path: "pkg/adapters.py",
    text: "class Adapter:\n    def send(self, request):\n        return Response(request)\n",
  },
  {
    path: "docs/usage.md",
    text: "# Usage\n\nA Session sends each request through an Adapter.\n",
  },
  {
    path: "tests/test_session.py",
    text: "def test_send():\n    assert Session().send(None) is not None\n",
  },
];
const texts = files.map((f) => f.text);

const assemble = (
  derivations: DerivedFile[],
  reuse?: Parameters<typeof assembleIndexSteps>[3],
) => runToEnd(assembleIndexSteps(files, texts, derivations, reuse));

describe("assembleIndexSteps", () => {
  beforeAll(async () => {
    await loadGrammarsFor([{ path: "a.py" }]);
  });
  afterEach(() => {
    jest.restoreAllMocks();
  });

  it("numbers terms by the files' order through the counter's ids, as looking each up does, whatever order the counter met them in", () => {
    const counter = new Bm25Builder();
    // Counted last file first: the counter's ids run the other way.
    const derivations = files
      .map((_, i) => files.length - 1 - i)
      .map((i) => deriveFile(files[i] as (typeof files)[number], {}, counter))
      .reverse();
    const lookups = jest.spyOn(Bm25Builder.prototype, "termId");
    const numbered = assemble(derivations, { counter });
    const lookedUpWith = lookups.mock.calls.length;
    lookups.mockClear();
    const plain = assemble(derivations);

    expect(numbered).toEqual(plain);
    expect([...numbered.bm25.vocabulary]).toEqual([...plain.bm25.vocabulary]);
    // Each distinct term once, not once for every file that uses it.
    expect(lookedUpWith).toBe(plain.bm25.vocabulary.size);
    expect(lookups.mock.calls.length).toBeGreaterThan(lookedUpWith);
  });

  it("adds a second stage's trees to the first stage's index, equal to assembling it again, column for column", () => {
    const counter = new Bm25Builder();
    const shallow = files.map((f) => deriveWithoutTree(f, {}, counter));
    const first = assemble(shallow, { counter, keepNumbering: true });
    // The second stage parses the files in the middle: every chunk after
    // them moves.
    const parsed = new Set([1, 2]);
    const second = shallow.map((d, i) =>
      parsed.has(i)
        ? deriveFile(files[i] as (typeof files)[number], {}, counter)
        : d,
    );
    const unchanged = (fileId: number) => !parsed.has(fileId);

    const added = assemble(second, {
      counter,
      earlier: { index: first, unchanged },
    });
    const whole = assemble(second);

    expect(added).toEqual(whole);
    expect([...added.bm25.vocabulary]).toEqual([...whole.bm25.vocabulary]);
    expect(added.definitions.get("session")).toHaveLength(1);
    // Taken from the first stage, not made again.
    expect(added.byPath).toBe(first.byPath);
    expect(added.byName).toBe(first.byName);
    expect(added.pathTerms).toBe(first.pathTerms);
    // A tree cuts the words a first pass did: no term's id moved.
    expect(added.bm25.vocabulary).toBe(first.bm25.vocabulary);
    expect(added.files[0]).toBe(first.files[0]);
    expect(added.chunks[0]).toBe(first.chunks[0]);
    const moved = added.files[4];
    expect(moved?.firstChunk).not.toBe(first.files[4]?.firstChunk);
    expect(added.chunks[moved?.firstChunk as number]?.text).toBe(
      first.chunks[first.files[4]?.firstChunk as number]?.text,
    );
  });

  it("refuses an earlier index of other files, naming both counts", () => {
    const counter = new Bm25Builder();
    const shallow = files.map((f) => deriveWithoutTree(f, {}, counter));
    const first = runToEnd(
      assembleIndexSteps(files.slice(1), texts.slice(1), shallow.slice(1)),
    );
    expect(() =>
      assemble(shallow, {
        earlier: { index: first, unchanged: () => true },
      }),
    ).toThrow(
      "assembleIndexSteps: the earlier index has 4 files, not the 5 given",
    );
  });
});

describe("deriveFile", () => {
  it("notes the derivation's terms as its counter's ids, for an index assembled later", () => {
    const counter = new Bm25Builder();
    for (const derived of [
      deriveFile(files[1] as (typeof files)[number], {}, counter),
      deriveWithoutTree(files[2] as (typeof files)[number], {}, counter),
    ]) {
      const at = counter.notedAt(derived);
      expect(at).toBeGreaterThanOrEqual(0);
      const noted = [...counter.noted.subarray(at, at + derived.terms.length)];
      expect(noted.map((id) => counter.term(id))).toEqual(derived.terms);
    }
    expect(counter.notedAt({})).toBe(-1);
  });
});
