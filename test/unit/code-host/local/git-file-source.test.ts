import { symlinkSync } from "node:fs";
import { join } from "node:path";
import {
  createGitCatFile,
  type GitCatFile,
} from "../../../../src/code-host/local/git-cat-file.js";
import { createGitFileSource } from "../../../../src/code-host/local/git-file-source.js";
import { RefNotFoundError } from "../../../../src/shared/errors.js";
import {
  commitAll,
  git,
  initRepo,
  removeDir,
  writeFiles,
} from "../../../helpers/temp-repo.js";

const SUBMODULE_COMMIT = "fedcba9876543210fedcba9876543210fedcba98";

describe("createGitFileSource", () => {
  let root: string;
  let first: string;
  let second: string;
  let objects: GitCatFile;
  // Larger than a pipe's buffer, so cat-file's answer arrives in many chunks.
  const large = Buffer.from(Array.from({ length: 300_000 }, (_, i) => i % 251));
  const many = Object.fromEntries(
    Array.from({ length: 300 }, (_, i) => [`many/f${i}.txt`, `file ${i}\n`]),
  );

  beforeAll(() => {
    root = initRepo();
    writeFiles(root, {
      "a.txt": "version one\n",
      "src/x.ts": "export const x = 1;\n",
    });
    first = commitAll(root, "first");
    writeFiles(root, {
      "a.txt": "version two\n",
      "data/large.bin": large,
      "empty.txt": "",
      ...many,
    });
    symlinkSync("a.txt", join(root, "link"));
    git(root, "add", "--all");
    // A gitlink (mode 160000) is all a submodule is in the tree; no clone is needed.
    git(
      root,
      "update-index",
      "--add",
      "--cacheinfo",
      `160000,${SUBMODULE_COMMIT},vendor/lib`,
    );
    git(root, "commit", "--quiet", "-m", "second");
    second = git(root, "rev-parse", "HEAD");
    // Uncommitted work must not show through a commit's source.
    writeFiles(root, { "a.txt": "uncommitted\n" });
  });

  beforeEach(() => {
    objects = createGitCatFile({ cwd: root });
  });

  afterEach(() => objects.close());

  afterAll(() => removeDir(root));

  it("lists files, symlinks with their targets, and submodules with their commits", async () => {
    const entries = await createGitFileSource({
      repository: root,
      commit: second,
      objects,
    }).listFiles();
    const byPath = new Map(entries.map((entry) => [entry.path, entry]));
    expect(entries).toHaveLength(306);
    expect(byPath.get("a.txt")).toEqual({
      path: "a.txt",
      type: "file",
      size: 12,
      sha: git(root, "rev-parse", `${second}:a.txt`),
    });
    expect(byPath.get("link")).toMatchObject({
      type: "symlink",
      target: "a.txt",
    });
    expect(byPath.get("vendor/lib")).toMatchObject({
      type: "submodule",
      size: 0,
      commit: SUBMODULE_COMMIT,
    });
    expect(byPath.get("data/large.bin")?.size).toBe(300_000);
  });

  it("reads the content of the commit it was given, not the working tree", async () => {
    const atFirst = createGitFileSource({
      repository: root,
      commit: first,
      objects,
    });
    const atSecond = createGitFileSource({
      repository: root,
      commit: second,
      objects,
    });
    expect((await atFirst.readBytes("a.txt"))?.toString()).toBe(
      "version one\n",
    );
    expect((await atSecond.readBytes("a.txt"))?.toString()).toBe(
      "version two\n",
    );
    expect(await atFirst.readBytes("data/large.bin")).toBeUndefined();
  });

  it("reads many files at once over one cat-file process, each with its own content", async () => {
    const source = createGitFileSource({
      repository: root,
      commit: second,
      objects,
    });
    const paths = [...Object.keys(many), "data/large.bin", "empty.txt"];
    const contents = await Promise.all(
      paths.map((path) => source.readBytes(path)),
    );
    expect(contents.slice(0, 300).map((bytes) => bytes?.toString())).toEqual(
      Object.values(many),
    );
    expect(contents[300]?.equals(large)).toBe(true);
    expect(contents[301]?.length).toBe(0);
  });

  it("returns undefined for a missing path and for entries that are not files", async () => {
    const source = createGitFileSource({
      repository: root,
      commit: second,
      objects,
    });
    expect(await source.readBytes("nope.txt")).toBeUndefined();
    expect(await source.readBytes("vendor/lib")).toBeUndefined();
  });

  it("throws RefNotFoundError for a commit the repository does not have", async () => {
    const source = createGitFileSource({
      repository: root,
      commit: "0".repeat(40),
      objects,
    });
    await expect(source.listFiles()).rejects.toBeInstanceOf(RefNotFoundError);
  });
});

describe("createGitCatFile", () => {
  let root: string;
  let blob: string;

  beforeAll(() => {
    root = initRepo();
    writeFiles(root, { "a.txt": "hello\n" });
    commitAll(root, "one");
    blob = git(root, "rev-parse", "HEAD:a.txt");
  });

  afterAll(() => removeDir(root));

  it("answers a missing object with undefined and keeps serving reads", async () => {
    const objects = createGitCatFile({ cwd: root });
    expect(await objects.read("1".repeat(40))).toBeUndefined();
    expect(await objects.read(blob)).toEqual({
      type: "blob",
      bytes: Buffer.from("hello\n"),
    });
    await objects.close();
  });

  it("starts a new process after close", async () => {
    const objects = createGitCatFile({ cwd: root });
    await objects.read(blob);
    await objects.close();
    expect((await objects.read(blob))?.bytes.toString()).toBe("hello\n");
    await objects.close();
  });

  it("answers reads made while the previous process is still closing", async () => {
    const objects = createGitCatFile({ cwd: root });
    const pending = objects.read(blob);
    const closing = objects.close();
    const next = objects.read(blob);
    expect((await pending)?.bytes.toString()).toBe("hello\n");
    expect((await next)?.bytes.toString()).toBe("hello\n");
    await closing;
    await objects.close();
  });

  it("refuses a name that is not an object SHA instead of passing it to git", async () => {
    const objects = createGitCatFile({ cwd: root });
    await expect(objects.read("HEAD:a.txt\nHEAD")).rejects.toThrow(
      "not an object SHA",
    );
    await objects.close();
  });

  it("rejects reads when git cannot run in the directory", async () => {
    const objects = createGitCatFile({ cwd: join(root, "does-not-exist") });
    await expect(objects.read(blob)).rejects.toThrow(/git cat-file/);
    await objects.close();
  });
});
