import { createHidingReader } from "../../../src/code-host/hiding-reader.js";
import { createLocalCodeHost } from "../../../src/code-host/local/local-code-host.js";
import {
  commitAll,
  initRepo,
  removeDir,
  writeFiles,
} from "../../helpers/temp-repo.js";

describe("createHidingReader", () => {
  let repo: string;
  beforeAll(() => {
    repo = initRepo();
    writeFiles(repo, {
      "src/app.py": "def handle_upload():\n    return 'upload'\n",
      "fixtures/upload.py": "def handle_upload():\n    return 'fixture'\n",
    });
    commitAll(repo, "first");
  });
  afterAll(() => removeDir(repo));

  async function withReader<T>(
    use: (reader: ReturnType<typeof createHidingReader>) => Promise<T>,
  ): Promise<T> {
    const host = createLocalCodeHost({ root: repo });
    try {
      const inner = host.at((await host.resolveRef()).sha);
      return await use(
        createHidingReader(inner, async () => ({
          hidden: (path, isDirectory) =>
            isDirectory ? path === "fixtures" : path.startsWith("fixtures/"),
          why: "excluded here",
        })),
      );
    } finally {
      await host.close();
    }
  }

  it("lists, reads and finds a hidden file nowhere, and the rest as the inner reader does", async () => {
    await withReader(async (reader) => {
      const tree = (await reader.listTree()).entries.map((e) => e.path);
      expect(tree).toContain("src/app.py");
      expect(tree.some((p) => p.startsWith("fixtures"))).toBe(false);

      const root = (await reader.listDirectory("")).entries.map((e) => e.path);
      expect(root).toContain("src");
      expect(root).not.toContain("fixtures");

      expect(await reader.readFile("fixtures/upload.py")).toEqual({
        kind: "missing",
        path: "fixtures/upload.py",
        note: "fixtures/upload.py is excluded here.",
      });
      expect((await reader.readFile("src/app.py")).kind).toBe("text");

      const found = await reader.searchCode({ query: "handle_upload" });
      expect(found.hits.map((h) => h.path)).toEqual(["src/app.py"]);
      expect(found.totalCount).toBe(1);
      expect(found.notes.at(-1)).toBe(
        "1 match is in files excluded here, not shown.",
      );
    });
  });

  it("asks for its rule once, when a read first needs it: taking the tree's stamp reads no settings", async () => {
    const host = createLocalCodeHost({ root: repo });
    try {
      const inner = host.at((await host.resolveRef()).sha);
      let asked = 0;
      const reader = createHidingReader(inner, async () => {
        asked++;
        return undefined;
      });
      await reader.treeStamp?.();
      expect(asked).toBe(0);
      await reader.listTree();
      await reader.readFile("fixtures/upload.py");
      expect(asked).toBe(1);
    } finally {
      await host.close();
    }
  });
});
