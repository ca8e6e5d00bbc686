import {
  createIndexCache,
  indexBytes,
  indexKey,
} from "../../../../src/retrieval/index/index-cache.js";
import {
  indexRepository,
  type RepositoryIndex,
} from "../../../../src/retrieval/index/index-repository.js";

const SHA = "6dcb09b5b57875f334f61aebed695e2e4193db5e";

/** An index of `lines` lines of code in one file, so its size grows with `lines`. */
function indexOf(name: string, lines: number): RepositoryIndex {
  const text = Array.from(
    { length: lines },
    (_, i) =>
      `export function ${name}Step${i}(value: number) { return value + ${i}; }`,
  ).join("\n");
  return indexRepository([{ path: `src/${name}.ts`, text }]);
}

/** A build whose index the test hands over when it chooses. */
function deferredBuild() {
  let resolve!: (index: RepositoryIndex | undefined) => void;
  let reject!: (error: Error) => void;
  const promise = new Promise<RepositoryIndex | undefined>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  let calls = 0;
  return {
    build: () => {
      calls++;
      return promise;
    },
    calls: () => calls,
    resolve,
    reject,
  };
}

describe("createIndexCache", () => {
  it("builds an index once and hands the same one to the next caller", async () => {
    const indexes = createIndexCache({ maxBytes: 64 * 1024 * 1024 });
    const built = indexOf("parse", 10);
    let builds = 0;
    const build = async () => {
      builds++;
      return built;
    };
    const first = await indexes.obtain("k", build);
    const second = await indexes.obtain("k", build);
    expect(builds).toBe(1);
    expect(first).toBe(built);
    expect(second).toBe(built);
    expect(indexes.heldBytes).toBe(indexBytes(built));
  });

  it("shares one build between concurrent callers of a key", async () => {
    const indexes = createIndexCache({ maxBytes: 64 * 1024 * 1024 });
    const pending = deferredBuild();
    const first = indexes.obtain("k", pending.build);
    const second = indexes.obtain("k", pending.build);
    const built = indexOf("parse", 10);
    pending.resolve(built);
    expect(await first).toBe(built);
    expect(await second).toBe(built);
    expect(pending.calls()).toBe(1);
  });

  it("keeps no failed build: the next caller builds again", async () => {
    const indexes = createIndexCache({ maxBytes: 64 * 1024 * 1024 });
    const failing = deferredBuild();
    const first = indexes.obtain("k", failing.build);
    const joined = indexes.obtain("k", failing.build);
    failing.reject(new Error("GitHub answered 502"));
    await expect(first).rejects.toThrow("GitHub answered 502");
    await expect(joined).rejects.toThrow("GitHub answered 502");
    expect(failing.calls()).toBe(1);

    const built = indexOf("parse", 10);
    let builds = 0;
    await expect(
      indexes.obtain("k", async () => {
        builds++;
        return built;
      }),
    ).resolves.toBe(built);
    expect(builds).toBe(1);
  });

  it("keeps nothing for a build that returns undefined (candidates)", async () => {
    const indexes = createIndexCache({ maxBytes: 64 * 1024 * 1024 });
    let builds = 0;
    const build = async () => {
      builds++;
      return undefined;
    };
    expect(await indexes.obtain("k", build)).toBeUndefined();
    expect(await indexes.obtain("k", build)).toBeUndefined();
    expect(builds).toBe(2);
    expect(indexes.heldBytes).toBe(0);
  });

  it("evicts the least recently used index when the bytes would exceed the bound", async () => {
    const a = indexOf("alpha", 200);
    const b = indexOf("bravo", 200);
    const c = indexOf("charlie", 200);
    // Room for two of the three, not three.
    const maxBytes = indexBytes(a) + indexBytes(b) + indexBytes(c) - 1;
    const indexes = createIndexCache({ maxBytes });
    const builds: string[] = [];
    const obtain = (key: string, index: RepositoryIndex) =>
      indexes.obtain(key, async () => {
        builds.push(key);
        return index;
      });
    await obtain("a", a);
    await obtain("b", b);
    await obtain("a", a); // a is now the most recently used
    await obtain("c", c); // b goes
    expect(indexes.heldBytes).toBeLessThanOrEqual(maxBytes);
    await obtain("a", a);
    await obtain("c", c);
    expect(builds).toStrictEqual(["a", "b", "c"]);
    await obtain("b", b);
    expect(builds).toStrictEqual(["a", "b", "c", "b"]);
  });

  it("hands out an index larger than the whole bound without keeping it", async () => {
    const big = indexOf("big", 400);
    const indexes = createIndexCache({ maxBytes: indexBytes(big) - 1 });
    let builds = 0;
    const build = async () => {
      builds++;
      return big;
    };
    expect(await indexes.obtain("k", build)).toBe(big);
    expect(await indexes.obtain("k", build)).toBe(big);
    expect(builds).toBe(2);
    expect(indexes.heldBytes).toBe(0);
  });

  it("refuses a bound that is not a positive whole number of bytes", () => {
    expect(() => createIndexCache({ maxBytes: 0 })).toThrow(
      "maxBytes must be a whole number of bytes of at least 1, not 0",
    );
  });
});

describe("indexBytes", () => {
  it("grows with the text indexed and counts at least the text itself", () => {
    const small = indexOf("parse", 50);
    const large = indexOf("parse", 500);
    const text = (index: RepositoryIndex) =>
      index.files.reduce((sum, f) => sum + f.text.length, 0);
    expect(indexBytes(small)).toBeGreaterThan(text(small));
    expect(indexBytes(large)).toBeGreaterThan(text(large));
    expect(indexBytes(large)).toBeGreaterThan(5 * indexBytes(small));
  });

  it("is at least 1 for an empty index (lru-cache refuses a size of 0)", () => {
    expect(indexBytes(indexRepository([]))).toBeGreaterThanOrEqual(1);
  });
});

describe("indexKey", () => {
  const base = {
    namespace: "installation:42",
    owner: "octo-org",
    repo: "hello-world",
    sha: SHA,
    excludePaths: ["docs/**"],
  };

  it("names the installation, repository, commit and mode", () => {
    expect(indexKey(base)).toMatch(
      /^installation:42 octo-org\/hello-world@6dcb09b5b57875f334f61aebed695e2e4193db5e exclude:[0-9a-f]{16} repository$/,
    );
  });

  it("differs when the installation, commit or exclude patterns differ", () => {
    const keys = new Set([
      indexKey(base),
      indexKey({ ...base, namespace: "installation:43" }),
      indexKey({ ...base, sha: "7fd1a60b01f91b314f59955a4e4d4e80d8edf11d" }),
      indexKey({ ...base, excludePaths: ["docs/**", "*.md"] }),
      indexKey({ ...base, excludePaths: [] }),
      indexKey({ ...base, repo: "hello-world-2" }),
    ]);
    expect(keys.size).toBe(6);
    expect(indexKey({ ...base, excludePaths: ["docs/**"] })).toBe(
      indexKey(base),
    );
  });
});
