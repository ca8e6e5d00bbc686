import { chownSync, mkdirSync, writeFileSync } from "node:fs";
import { join, relative } from "node:path";
import {
  createLocalCodeHost,
  type LocalCodeHost,
} from "../../../../src/code-host/local/local-code-host.js";
import {
  ConfigError,
  EmptyRepositoryError,
  InvalidPathError,
  RefNotFoundError,
} from "../../../../src/shared/errors.js";
import {
  commitAll,
  git,
  initRepo,
  makeTempDir,
  removeDir,
  writeFiles,
} from "../../../helpers/temp-repo.js";

const hosts: LocalCodeHost[] = [];
const dirs: string[] = [];

function open(root: string): LocalCodeHost {
  const host = createLocalCodeHost({ root });
  hosts.push(host);
  return host;
}

function tracked(dir: string): string {
  dirs.push(dir);
  return dir;
}

afterEach(async () => {
  await Promise.all(hosts.splice(0).map((host) => host.close()));
});

afterAll(() => dirs.forEach(removeDir));

async function textOf(
  reader: ReturnType<LocalCodeHost["at"]>,
  path: string,
): Promise<string | undefined> {
  const file = await reader.readFile(path);
  return file.kind === "text" ? file.text : undefined;
}

describe("createLocalCodeHost: a checkout", () => {
  let root: string;
  let first: string;
  let head: string;

  beforeAll(() => {
    root = tracked(initRepo());
    writeFiles(root, {
      "a.txt": "one\n",
      "src/retry.ts": "export function retry() {}\n",
    });
    first = commitAll(root, "first");
    git(root, "tag", "v1");
    writeFiles(root, { "a.txt": "two\n" });
    head = commitAll(root, "second");
    // Uncommitted edits: a user asking about their checkout expects to see them.
    writeFiles(root, {
      "a.txt": "edited\n",
      "new.ts": "export const fresh = true;\n",
    });
  });

  it("is labelled with its absolute root", () => {
    expect(open(root).label).toBe(`local:${root}`);
  });

  it("resolves no ref to HEAD's SHA and its branch, and reads the working tree there", async () => {
    const host = open(root);
    expect(await host.resolveRef()).toEqual({
      sha: head,
      ref: "main",
      defaultBranch: "main",
    });
    const reader = host.at(head);
    expect(reader.sha).toBe(head);
    expect(await textOf(reader, "a.txt")).toBe("edited");
    expect(await textOf(reader, "new.ts")).toBe("export const fresh = true;");
    expect(
      (await reader.searchCode({ query: "fresh" })).hits.map((hit) => hit.path),
    ).toEqual(["new.ts"]);
  });

  it("lists the working tree as git does, honouring ignore rules only git knows (core.excludesFile)", async () => {
    const repo = tracked(initRepo());
    const excludes = join(tracked(makeTempDir()), "ignore");
    writeFileSync(excludes, "*.secret\n");
    git(repo, "config", "core.excludesFile", excludes);
    writeFiles(repo, {
      "src/app.ts": "export const app = 'tracked';\n",
      "notes.secret": "app password\n",
    });
    commitAll(repo, "first");
    writeFiles(repo, { "src/draft.ts": "export const app = 'untracked';\n" });
    const host = open(repo);

    const { sha } = await host.resolveRef();
    const hits = await host.at(sha).searchCode({ query: "app" });

    expect(hits.hits.map((hit) => hit.path).sort()).toEqual([
      "src/app.ts",
      "src/draft.ts",
    ]);
  });

  it("keeps reader.sha equal to the SHA asked for, before and after resolveRef()", async () => {
    const host = open(root);
    expect(host.at("working-tree").sha).toBe("working-tree");
    const { sha } = await host.resolveRef();
    expect(host.at(sha).sha).toBe(head);
    expect(await textOf(host.at(sha), "a.txt")).toBe("edited");
  });

  it("resolves a tag or SHA to its commit and reads that commit from git", async () => {
    const host = open(root);
    await host.resolveRef();
    expect(await host.resolveRef("v1")).toEqual({
      sha: first,
      ref: "v1",
      defaultBranch: "main",
    });
    expect(await host.resolveRef(first.slice(0, 10))).toMatchObject({
      sha: first,
    });
    const reader = host.at(first);
    expect(await textOf(reader, "a.txt")).toBe("one");
    expect(await reader.readFile("new.ts")).toMatchObject({
      kind: "missing",
      note: `No such file at ${first}: new.ts.`,
    });
    expect(host.at(first)).toBe(reader);
  });

  it("throws RefNotFoundError for an unknown ref and for one that could pass for an option", async () => {
    const host = open(root);
    await expect(host.resolveRef("no-such-branch")).rejects.toBeInstanceOf(
      RefNotFoundError,
    );
    await expect(host.resolveRef("--output=/tmp/x")).rejects.toBeInstanceOf(
      RefNotFoundError,
    );
    expect(() => host.at("main; rm -rf /")).toThrow(RefNotFoundError);
  });

  it("rejects paths that leave the repository, at every entry point", async () => {
    const host = open(root);
    const reader = host.at((await host.resolveRef()).sha);
    for (const path of ["../outside", "/etc/passwd", "a\0.txt"]) {
      await expect(reader.readFile(path)).rejects.toBeInstanceOf(
        InvalidPathError,
      );
      await expect(reader.listDirectory(path)).rejects.toBeInstanceOf(
        InvalidPathError,
      );
    }
    await expect(
      reader.searchCode({ query: "x", pathPrefix: "../" }),
    ).rejects.toBeInstanceOf(InvalidPathError);
    await expect(host.at(first).readFile("../a.txt")).rejects.toBeInstanceOf(
      InvalidPathError,
    );
  });

  it("reads a subdirectory of a checkout as plain files, since its paths are not the repository's", async () => {
    const host = open(join(root, "src"));
    expect(await host.resolveRef()).toEqual({
      sha: "working-tree",
      ref: "working-tree",
    });
    await expect(host.resolveRef("main")).rejects.toThrow(
      "is not a git repository",
    );
  });
});

describe("createLocalCodeHost: a bare repository", () => {
  let bare: string;
  let head: string;

  beforeAll(() => {
    const source = tracked(initRepo());
    writeFiles(source, { "README.md": "# bare\n" });
    head = commitAll(source, "only");
    bare = join(tracked(makeTempDir()), "mirror.git");
    git(source, "clone", "--quiet", "--bare", source, bare);
  });

  it("resolves HEAD and reads commits from the object database", async () => {
    const host = open(bare);
    expect(await host.resolveRef()).toEqual({
      sha: head,
      ref: "main",
      defaultBranch: "main",
    });
    expect(await textOf(host.at(head), "README.md")).toBe("# bare");
    expect(await host.resolveRef("main")).toMatchObject({ sha: head });
  });

  it("never serves git's own files as a working tree", async () => {
    const host = open(bare);
    await expect(
      host.at("working-tree").readFile("config"),
    ).rejects.toBeInstanceOf(RefNotFoundError);
  });

  it("throws EmptyRepositoryError for a repository with no commits", async () => {
    const empty = join(tracked(makeTempDir()), "empty.git");
    mkdirSync(empty);
    git(empty, "init", "--quiet", "--bare");
    await expect(open(empty).resolveRef()).rejects.toBeInstanceOf(
      EmptyRepositoryError,
    );
  });
});

describe("createLocalCodeHost: a plain directory", () => {
  it("reads the directory as the working tree", async () => {
    const root = tracked(makeTempDir());
    writeFiles(root, { "notes/todo.md": "- write tests\n" });
    const host = open(root);
    const ref = await host.resolveRef();
    expect(ref).toEqual({ sha: "working-tree", ref: "working-tree" });
    expect(await textOf(host.at(ref.sha), "notes/todo.md")).toBe(
      "- write tests",
    );
    expect(host.label).toBe(`local:${root}`);
  });

  it("refuses a ref, saying the directory is not a git repository", async () => {
    const root = tracked(makeTempDir());
    const error = await open(root)
      .resolveRef("main")
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RefNotFoundError);
    expect((error as Error).message).toBe(
      `No branch, tag or commit named "main" in this repository. ${root} is not a git repository, ` +
        "so only its files on disk can be read: ask without a ref.",
    );
  });

  it("serves a checkout with no commits yet from disk", async () => {
    const root = tracked(initRepo());
    writeFiles(root, { "a.txt": "draft\n" });
    const host = open(root);
    expect(await host.resolveRef()).toEqual({
      sha: "working-tree",
      ref: "main",
      defaultBranch: "main",
    });
    expect(await textOf(host.at("working-tree"), "a.txt")).toBe("draft");
  });

  it("throws ConfigError for a root that does not exist or is a file", () => {
    const root = tracked(makeTempDir());
    writeFiles(root, { "file.txt": "x" });
    expect(() => createLocalCodeHost({ root: join(root, "missing") })).toThrow(
      ConfigError,
    );
    expect(() => createLocalCodeHost({ root: join(root, "missing") })).toThrow(
      "does not exist",
    );
    expect(() => createLocalCodeHost({ root: join(root, "file.txt") })).toThrow(
      "is a file, not a directory",
    );
  });

  it("resolves a relative root to an absolute label", () => {
    const root = tracked(makeTempDir());
    expect(open(relative(process.cwd(), root)).label).toBe(`local:${root}`);
  });
});

// Git compares the repository's owner with the user running it; as root a
// checkout chown'ed to another uid is refused deterministically (the tests
// run as root here and in CI). No global or system config may trust it.
const asRoot = process.getuid?.() === 0 ? describe : describe.skip;
asRoot("createLocalCodeHost: a checkout owned by another user", () => {
  const saved = { ...process.env };
  let root: string;

  beforeAll(() => {
    root = tracked(initRepo());
    writeFiles(root, { "a.txt": "one\n" });
    commitAll(root, "first");
    chownSync(root, 12345, 12345);
    const config = join(tracked(makeTempDir("askcode-gitconfig-")), "config");
    writeFileSync(config, "");
    process.env.GIT_CONFIG_GLOBAL = config;
    process.env.GIT_CONFIG_SYSTEM = config;
    // Git trusts the invoking user's repositories under sudo.
    delete process.env.SUDO_UID;
  });
  afterAll(() => {
    process.env = saved;
  });

  it("names git's reason and the safe.directory fix when asked for a ref, not 'not a git repository'", async () => {
    const failure = open(root)
      .resolveRef("HEAD")
      .catch((error: unknown) => error);

    const error = await failure;
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as Error).message).toMatch(
      /^git refuses to read .+: it is owned by another user \(git: "detected dubious ownership"\)\. If you trust it, run `git config --global --add safe\.directory .+` and ask again\.$/,
    );
    expect((error as Error).message).not.toContain("not a git repository");
  });
});
