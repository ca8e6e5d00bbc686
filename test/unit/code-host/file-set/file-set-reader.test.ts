import { createFileSetReader } from "../../../../src/code-host/file-set/file-set-reader.js";
import { InvalidPathError } from "../../../../src/shared/errors.js";
import { createMemoryFileSource } from "../../../helpers/memory-file-source.js";

const SHA = "0123456789abcdef0123456789abcdef01234567";

function setup(limits?: { maxFileBytes: number }) {
  const source = createMemoryFileSource({
    "README.md": "# demo\n\nRetries are handled in src/retry.ts.\n",
    "src/retry.ts":
      "export function retry(attempts: number) {\n  return attempts > 0;\n}\n",
    "src/util/index.ts": "export const VERSION = 1;\n",
    "lib/index.ts": "export * from '../src/util';\n",
    "assets/logo.png": Buffer.from([
      0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00, 0x00, 0x0d,
    ]),
    "big/generated.ts": "export const retry = 1; // filler\n".repeat(100),
    "docs/latest.md": { symlink: "../README.md" },
    "docs/escape": { symlink: "../../../etc/passwd" },
    "vendor/lib": { submodule: "fedcba9876543210fedcba9876543210fedcba98" },
    ".gitmodules":
      '[submodule "lib"]\n\tpath = vendor/lib\n\turl = https://github.com/octo/lib.git\n',
  });
  return {
    source,
    reader: createFileSetReader({
      sha: SHA,
      source,
      ...(limits ? { limits } : {}),
    }),
  };
}

describe("createFileSetReader: readFile", () => {
  it("reads a text file with its size and line count", async () => {
    const { reader } = setup();
    expect(await reader.readFile("src/retry.ts")).toEqual({
      kind: "text",
      path: "src/retry.ts",
      size: 67,
      text: "export function retry(attempts: number) {\n  return attempts > 0;\n}",
      startLine: 1,
      endLine: 3,
      totalLines: 3,
      truncated: false,
    });
  });

  it("normalises the path it is given", async () => {
    const { reader } = setup();
    expect(
      await reader.readFile("./src//retry.ts", { startLine: 2, endLine: 2 }),
    ).toMatchObject({
      path: "src/retry.ts",
      text: "  return attempts > 0;",
    });
  });

  it.each(["../secret", "/etc/passwd", "src/\0.ts", "src\\retry.ts"])(
    "rejects %j with InvalidPathError",
    async (path) => {
      const { reader } = setup();
      await expect(reader.readFile(path)).rejects.toBeInstanceOf(
        InvalidPathError,
      );
      await expect(reader.listDirectory(path)).rejects.toBeInstanceOf(
        InvalidPathError,
      );
    },
  );

  it("cuts a file at the size limit and says from which line to read on", async () => {
    const { reader } = setup({ maxFileBytes: 100 });
    const result = await reader.readFile("big/generated.ts");
    expect(result).toMatchObject({
      kind: "text",
      startLine: 1,
      endLine: 2,
      totalLines: 100,
      truncated: true,
    });
    expect(result.kind === "text" && result.note).toBe(
      "Cut at the 100 bytes read limit after line 2 of 100; read on with startLine 3.",
    );
  });

  it("gives metadata only for a binary file", async () => {
    const { reader } = setup();
    expect(await reader.readFile("assets/logo.png")).toEqual({
      kind: "binary",
      path: "assets/logo.png",
      size: 12,
      note: "Binary file (12 bytes); its contents are not shown.",
    });
  });

  it("does not follow a symlink, and names its target when it is inside the repository", async () => {
    const { reader } = setup();
    expect(await reader.readFile("docs/latest.md")).toEqual({
      kind: "symlink",
      path: "docs/latest.md",
      target: "../README.md",
      note: "Symlink to README.md; read that path instead.",
    });
  });

  it("says a symlink that points outside the repository is not followed", async () => {
    const { reader } = setup();
    expect(await reader.readFile("docs/escape")).toMatchObject({
      kind: "symlink",
      target: "../../../etc/passwd",
      note: "Symlink to ../../../etc/passwd, which is outside the repository; it is not followed.",
    });
  });

  it("describes a submodule with its pinned commit and URL from .gitmodules", async () => {
    const { reader } = setup();
    expect(await reader.readFile("vendor/lib")).toEqual({
      kind: "submodule",
      path: "vendor/lib",
      commit: "fedcba9876543210fedcba9876543210fedcba98",
      url: "https://github.com/octo/lib.git",
      note:
        "A git submodule pinned at commit fedcba9876543210fedcba9876543210fedcba98; its files live in another " +
        "repository (https://github.com/octo/lib.git) and are not read here.",
    });
  });

  it("points a directory to list_directory_contents", async () => {
    const { reader } = setup();
    expect(await reader.readFile("src/util")).toEqual({
      kind: "directory",
      path: "src/util",
      note: "src/util is a directory; use list_directory_contents to see what it holds.",
    });
    expect(await reader.readFile("/")).toMatchObject({
      kind: "directory",
      path: "",
    });
  });

  it("reports a missing file at the SHA and suggests files with the same name", async () => {
    const { reader } = setup();
    expect(await reader.readFile("index.ts")).toEqual({
      kind: "missing",
      path: "index.ts",
      note: `No such file at ${SHA}: index.ts. Did you mean lib/index.ts, src/util/index.ts?`,
    });
    expect(await reader.readFile("nothing.ts")).toEqual({
      kind: "missing",
      path: "nothing.ts",
      note: `No such file at ${SHA}: nothing.ts.`,
    });
  });

  it("reads each file from the source once across reads and searches", async () => {
    const { reader, source } = setup();
    await reader.readFile("src/retry.ts");
    await reader.readFile("src/retry.ts", { startLine: 2 });
    await reader.searchCode({ query: "retry" });
    await reader.searchCode({ query: "attempts" });
    expect(source.reads.get("src/retry.ts")).toBe(1);
    expect(source.reads.get("README.md")).toBe(1);
  });
});

describe("createFileSetReader: listDirectory and listTree", () => {
  it("lists one level, directories first, with sizes for files", async () => {
    const { reader } = setup();
    const listing = await reader.listDirectory("");
    expect(listing.truncated).toBe(false);
    expect(listing.entries.map((e) => `${e.type} ${e.path}`)).toEqual([
      "dir assets",
      "dir big",
      "dir docs",
      "dir lib",
      "dir src",
      "dir vendor",
      "file .gitmodules",
      "file README.md",
    ]);
    expect(listing.entries.find((e) => e.path === "README.md")).toEqual({
      path: "README.md",
      name: "README.md",
      type: "file",
      size: 45,
    });
  });

  it("lists everything below a directory when recursive, in tree order", async () => {
    const { reader } = setup();
    const listing = await reader.listDirectory("src", { recursive: true });
    expect(listing.entries.map((e) => `${e.type} ${e.path}`)).toEqual([
      "dir src/util",
      "file src/util/index.ts",
      "file src/retry.ts",
    ]);
  });

  it("shows symlinks and submodules with their own types", async () => {
    const { reader } = setup();
    expect(
      (await reader.listDirectory("docs")).entries.map((e) => e.type),
    ).toEqual(["symlink", "symlink"]);
    expect((await reader.listDirectory("vendor")).entries).toEqual([
      { path: "vendor/lib", name: "lib", type: "submodule" },
    ]);
  });

  it("says when the path is a file or does not exist", async () => {
    const { reader } = setup();
    expect(await reader.listDirectory("src/retry.ts")).toEqual({
      path: "src/retry.ts",
      entries: [],
      truncated: false,
      note: "src/retry.ts is a file, not a directory; use read_file_contents to read it.",
    });
    expect((await reader.listDirectory("nope")).note).toBe(
      `No such directory at ${SHA}: nope.`,
    );
  });

  it("lists the whole tree with derived directories", async () => {
    const { reader } = setup();
    const tree = await reader.listTree();
    expect(tree.sha).toBe(SHA);
    expect(tree.truncated).toBe(false);
    expect(
      tree.entries.filter((e) => e.type === "dir").map((e) => e.path),
    ).toEqual(["assets", "big", "docs", "lib", "src", "src/util", "vendor"]);
    expect(tree.entries).toHaveLength(17);
  });
});

describe("createFileSetReader: searchCode", () => {
  it("searches text files with the three-phase pipeline", async () => {
    const { reader } = setup();
    const result = await reader.searchCode({ query: "function retry" });
    expect(result.mode).toBe("pattern");
    expect(result.hits.map((h) => `${h.path}:${h.line}`)).toEqual([
      "src/retry.ts:1",
    ]);
  });

  it("skips binaries and files over the size limit, and says so", async () => {
    const { reader } = setup({ maxFileBytes: 1000 });
    const result = await reader.searchCode({ query: "retry" });
    expect(result.hits.map((h) => h.path)).not.toContain("big/generated.ts");
    expect(result.incomplete).toBe(true);
    expect(result.notes).toContain(
      "1 file over the 1000 bytes size limit was not searched (big/generated.ts); read it directly.",
    );
    expect(result.notes).toContain("1 binary file was not searched.");
  });

  it("reads only the files that the filters admit", async () => {
    const { reader, source } = setup();
    const result = await reader.searchCode({
      query: "export",
      pathPrefix: "src/util",
    });
    expect(result.hits.map((h) => h.path)).toEqual(["src/util/index.ts"]);
    expect([...source.reads.keys()]).toEqual(["src/util/index.ts"]);
  });
});
