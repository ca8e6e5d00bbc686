import {
  mkdirSync,
  rmSync,
  symlinkSync,
  utimesSync,
  writeFileSync,
} from "node:fs";
import { join } from "node:path";
import { createDirectoryFileSource } from "../../../../src/code-host/local/directory-file-source.js";
import { InvalidPathError } from "../../../../src/shared/errors.js";
import {
  git,
  initRepo,
  makeTempDir,
  removeDir,
  writeFiles,
} from "../../../helpers/temp-repo.js";

describe("createDirectoryFileSource", () => {
  let root: string;
  let outside: string;

  beforeAll(() => {
    root = initRepo();
    outside = makeTempDir("askcode-outside-");
    writeFiles(outside, {
      "secret.txt": "outside the repository\n",
      "deeper/secret.txt": "outside too\n",
    });
    writeFiles(root, {
      ".gitignore": "*.log\nbuild/\n!keep.log\n",
      ".git/info/exclude": "private-notes.txt\n",
      "src/index.ts": "export const answer = 42;\n",
      "src/debug.log": "ignored by the root .gitignore\n",
      "keep.log": "re-included by !keep.log\n",
      "build/out.js": "ignored directory\n",
      "node_modules/pkg/index.js": "never listed\n",
      "private-notes.txt": "ignored by .git/info/exclude\n",
      "packages/a/.gitignore": "generated/\n*.tmp\n/anchored.txt\n",
      "packages/a/generated/x.ts": "ignored by the nested .gitignore\n",
      "packages/a/src/a.ts": "export const a = 1;\n",
      "packages/a/x.tmp": "ignored by the nested .gitignore\n",
      "packages/a/anchored.txt": "ignored: anchored to packages/a\n",
      "packages/a/sub/anchored.txt": "kept: the anchor is packages/a itself\n",
      "packages/b/x.tmp": "kept: the nested rule is for packages/a only\n",
    });
    mkdirSync(join(root, "empty-dir"));
    symlinkSync("src/index.ts", join(root, "link-inside"));
    symlinkSync(join(outside, "secret.txt"), join(root, "link-outside"));
    symlinkSync(outside, join(root, "linked-dir"));
  });

  afterAll(() => {
    removeDir(root);
    removeDir(outside);
  });

  it("lists what git would see: .gitignore (root and nested), info/exclude, no .git or node_modules", async () => {
    const entries = await createDirectoryFileSource({ root }).listFiles();
    const paths = entries.map((entry) => entry.path).sort();
    expect(paths).toEqual([
      ".gitignore",
      "keep.log",
      "link-inside",
      "link-outside",
      "linked-dir",
      "packages/a/.gitignore",
      "packages/a/src/a.ts",
      "packages/a/sub/anchored.txt",
      "packages/b/x.tmp",
      "src/index.ts",
    ]);
    // git's own answer for the same directory, as a cross-check of the ignore rules.
    const gitPaths = git(
      root,
      "ls-files",
      "--others",
      "--cached",
      "--exclude-standard",
      "-z",
    )
      .split("\0")
      .filter((path) => path !== "" && !path.startsWith("node_modules/"))
      .sort();
    expect(paths).toEqual(gitPaths);
  });

  it("reports sizes of files and targets of symlinks without following them", async () => {
    const entries = await createDirectoryFileSource({ root }).listFiles();
    const byPath = new Map(entries.map((entry) => [entry.path, entry]));
    expect(byPath.get("src/index.ts")).toMatchObject({
      path: "src/index.ts",
      type: "file",
      size: 26,
    });
    expect(byPath.get("link-inside")).toMatchObject({
      type: "symlink",
      target: "src/index.ts",
    });
    expect(byPath.get("linked-dir")).toMatchObject({
      type: "symlink",
      target: outside,
    });
    expect(entries.some((entry) => entry.path.startsWith("linked-dir/"))).toBe(
      false,
    );
  });

  it("stamps a file with what changes when its bytes may, and when it last changed", async () => {
    const path = join(root, "stamped.ts");
    writeFileSync(path, "export const a = 1;\n");
    const earlier = Date.now() / 1000 - 60;
    utimesSync(path, earlier, earlier);
    const stampOf = async () =>
      (await createDirectoryFileSource({ root }).listFiles()).find(
        (entry) => entry.path === "stamped.ts",
      )?.stamp;
    const before = await stampOf();

    writeFileSync(path, "export const b = 2;\n"); // the same size

    const after = await stampOf();
    expect(before?.key).toMatch(/^20:/);
    expect(after?.key).not.toBe(before?.key);
    expect(after!.changedAtMs).toBeGreaterThan(before!.changedAtMs);
    rmSync(path);
  });

  it("describes listed paths instead of walking: files and symlinks, once each, never a directory, a missing path or a skipped name", async () => {
    const source = createDirectoryFileSource({
      root,
      listPaths: async () => [
        "src/index.ts",
        "src/index.ts",
        "link-inside",
        "packages/a",
        "gone.ts",
        "node_modules/dep/index.js",
      ],
    });

    const entries = await source.listFiles();

    expect(entries.map(({ path, type }) => [path, type]).sort()).toEqual([
      ["link-inside", "symlink"],
      ["src/index.ts", "file"],
    ]);
  });

  it("walks when the list cannot be had", async () => {
    const listed = await createDirectoryFileSource({
      root,
      listPaths: async () => undefined,
    }).listFiles();
    const walked = await createDirectoryFileSource({ root }).listFiles();

    expect(listed).toEqual(walked);
  });

  it("reads a file's bytes, and undefined for a path that is not there", async () => {
    const source = createDirectoryFileSource({ root });
    expect((await source.readBytes("src/index.ts"))?.toString()).toBe(
      "export const answer = 42;\n",
    );
    expect(await source.readBytes("src/nope.ts")).toBeUndefined();
    expect(await source.readBytes("src")).toBeUndefined();
    expect(await source.readBytes(".git/info/exclude")).toBeUndefined();
  });

  it("reads through a symlink that stays inside the root", async () => {
    const source = createDirectoryFileSource({ root });
    expect((await source.readBytes("link-inside"))?.toString()).toBe(
      "export const answer = 42;\n",
    );
  });

  it("refuses a read whose real path leaves the root", async () => {
    const source = createDirectoryFileSource({ root });
    await expect(source.readBytes("link-outside")).rejects.toBeInstanceOf(
      InvalidPathError,
    );
    await expect(source.readBytes("linked-dir/secret.txt")).rejects.toThrow(
      "leads outside the repository",
    );
    // A directory under a symlinked one is where the symlink leads, too.
    await expect(
      source.readBytes("linked-dir/deeper/secret.txt"),
    ).rejects.toThrow("leads outside the repository");
  });

  it("reads under a symlinked directory that stays inside the root, once its parent was read", async () => {
    symlinkSync("packages/a", join(root, "linked-package"));
    try {
      const source = createDirectoryFileSource({ root });
      expect((await source.readBytes("packages/a/src/a.ts"))?.toString()).toBe(
        "export const a = 1;\n",
      );
      expect(
        (await source.readBytes("linked-package/src/a.ts"))?.toString(),
      ).toBe("export const a = 1;\n");
      expect(
        await source.readBytes("linked-package/nope/a.ts"),
      ).toBeUndefined();
    } finally {
      rmSync(join(root, "linked-package"));
    }
  });

  it.each(["../etc/passwd", "/etc/passwd", "a\0b"])(
    "rejects the path %j",
    async (path) => {
      await expect(
        createDirectoryFileSource({ root }).readBytes(path),
      ).rejects.toBeInstanceOf(InvalidPathError);
    },
  );
});
