import { loadGrammarsFor } from "../../../../src/retrieval/chunks/chunk-file.js";
import {
  indexRepository,
  indexRepositorySteps,
  type RepositoryIndex,
} from "../../../../src/retrieval/index/index-repository.js";
import { retrieveContext } from "../../../../src/retrieval/retrieve-context.js";
import { createTokenCounter } from "../../../../src/tokens/create-token-counter.js";

const files = [
  {
    path: "src/pkg/session.py",
    text: "class Session:\r\n    def send(self):\r\n        return 1\r\n",
  },
  {
    path: "src/pkg/utils.py",
    text: "def to_native(value):\n    return value\n\nDEFAULT = 3\n",
  },
  {
    path: "tests/test_session.py",
    text: "def test_send():\n    assert Session().send() == 1\n",
  },
];

describe("indexRepository", () => {
  // Production awaits the grammars before it indexes; so does this test,
  // whose files are Python (chunked on its tree).
  let index: RepositoryIndex;
  beforeAll(async () => {
    await loadGrammarsFor([{ path: "a.py" }]);
    index = indexRepository(files);
  });

  it("numbers chunks in file order and maps each chunk to its file", () => {
    index.chunks.forEach((chunk, i) => {
      expect(chunk.id).toBe(i);
      expect(index.chunkFile[i]).toBe(chunk.fileId);
      const file = index.files[chunk.fileId]!;
      expect(i).toBeGreaterThanOrEqual(file.firstChunk);
      expect(i).toBeLessThan(file.firstChunk + file.chunkCount);
    });
  });

  it("keeps files' text with LF line ends and knows their kinds and line counts", () => {
    expect(index.files[0]).toMatchObject({
      path: "src/pkg/session.py",
      kind: "code",
      lineCount: 3,
    });
    expect(index.files[0]!.text).not.toContain("\r");
    expect(index.files[2]!.kind).toBe("test");
  });

  it("tables declarations, paths, file names and path terms", () => {
    const declares = (name: string) =>
      (index.definitions.get(name) ?? []).map((id) => index.chunks[id]!.path);
    expect(declares("session")).toEqual(["src/pkg/session.py"]);
    expect(declares("send")).toEqual(["src/pkg/session.py"]);
    expect(declares("to_native")).toEqual(["src/pkg/utils.py"]);
    expect(index.byPath.get("src/pkg/utils.py")).toBe(1);
    expect(index.byName.get("session.py")).toEqual([0]);
    expect(index.pathTerms.get("pkg")).toEqual([0, 1]);
    expect(index.pathTerms.get("session")).toEqual([0, 2]);
  });
});

describe("retrieveContext", () => {
  it("reuses an index it is given for a second question", () => {
    const index = indexRepository(files);
    let built = 0;
    const tokenCounter = createTokenCounter();
    const first = retrieveContext(
      {
        files,
        index,
        question: "Session.send returns the wrong value",
        budget: 500,
        tokenCounter,
      },
      {
        indexRepository: (...args) => (built++, indexRepositorySteps(...args)),
      },
    );
    expect(built).toBe(0);
    expect(first.index).toBe(index);
    expect(first.ranked[0]?.chunk.path).toBe("src/pkg/session.py");
    expect(first.context.tokensUsed).toBeLessThanOrEqual(500);
  });
});
