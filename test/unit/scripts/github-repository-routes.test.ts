import nock from "nock";
import { createVirtualClock } from "../../../bench/swebench/virtual-clock.js";
import {
  startMirrorStandIn,
  type MirrorStandIn,
} from "../../../scripts/github-mirror-stand-in.js";
import {
  createRepositoryRoutes,
  truncatedTree,
} from "../../../scripts/github-repository-routes.js";
import { startRouteServer } from "../../../scripts/route-server.js";
import {
  commitAll,
  git,
  initRepo,
  removeDir,
  writeFiles,
} from "../../helpers/temp-repo.js";

// The harness's stand-in serves a git repository at any commit, by SHA, as
// GitHub does; code search answers for the declared default head with
// git grep, under the 10-a-minute limit counted on a virtual clock.

const RETRY_PY =
  "def retry_upload(attempts):\n    # gives up after a 502\n    return attempts\n";
let repoDir: string;
let first: string;
let second: string;
let github: MirrorStandIn;
const clock = createVirtualClock(() => 1_700_000_000_000);

beforeAll(async () => {
  nock.enableNetConnect("127.0.0.1");
  repoDir = initRepo();
  writeFiles(repoDir, {
    "src/retry.py": RETRY_PY,
    "src/session.ts": "export function retryUpload() {\n  return 502;\n}\n",
    "docs/retry.md": "retry_upload gives up after a 502\n",
    "logo.png": "\u0000\u0001binary",
  });
  first = commitAll(repoDir, "First");
  writeFiles(repoDir, { "src/later.py": "def later(): pass\n" });
  second = commitAll(repoDir, "Second");
  github = await startMirrorStandIn({
    gitDir: repoDir,
    owner: "octo-org",
    repo: "hello-world",
    clock,
  });
  github.setDefaultHead(first);
});
afterAll(async () => {
  await github.close();
  removeDir(repoDir);
  nock.disableNetConnect();
});

const get = (path: string, accept = "application/vnd.github+json") =>
  fetch(`${github.apiUrl}${path}`, {
    headers: { accept, authorization: `token ${github.token}` },
  });

describe("the repository at any commit", () => {
  it("lists the tree at the commit asked for, trees included, sizes on blobs only", async () => {
    const response = await get(
      `/repos/octo-org/hello-world/git/trees/${first}?recursive=1`,
    );
    const body = (await response.json()) as {
      sha: string;
      truncated: boolean;
      tree: Array<{ path: string; type: string; size?: number; sha: string }>;
    };
    expect(body.sha).toBe(git(repoDir, "rev-parse", `${first}^{tree}`));
    expect(body.truncated).toBe(false);
    expect(body.tree.map((e) => e.path)).toStrictEqual([
      "docs",
      "docs/retry.md",
      "logo.png",
      "src",
      "src/retry.py",
      "src/session.ts",
    ]);
    expect(body.tree.find((e) => e.path === "src")).not.toHaveProperty("size");
    expect(body.tree.find((e) => e.path === "src/retry.py")?.size).toBe(
      Buffer.byteLength(RETRY_PY),
    );
    const later = (await (
      await get(`/repos/octo-org/hello-world/git/trees/${second}?recursive=1`)
    ).json()) as { tree: Array<{ path: string }> };
    expect(later.tree.map((e) => e.path)).toContain("src/later.py");
  });

  it("truncates a recursive tree past GitHub's entry or byte limit", async () => {
    const entries = Array.from({ length: 5 }, (_, i) => ({ path: `f${i}` }));
    const head = { sha: "t", url: "u" };
    expect(truncatedTree(entries, head, 3).tree).toHaveLength(3);
    expect(truncatedTree(entries, head, 3).truncated).toBe(true);
    expect(truncatedTree(entries, head, 5).truncated).toBe(false);
    const bytes = JSON.stringify({
      ...head,
      tree: [],
      truncated: false,
    }).length;
    const small = truncatedTree(entries, head, 100, bytes + 2 * 14);
    expect(small).toMatchObject({ truncated: true });
    expect(small.tree).toHaveLength(2);

    // And over HTTP, a repository past the (lowered) limit says so.
    const routes = createRepositoryRoutes({
      gitDir: repoDir,
      owner: "octo-org",
      repo: "hello-world",
      defaultHead: () => first,
      origin: () => "http://127.0.0.1",
      clock,
      treeMaxEntries: 2,
    });
    const server = await startRouteServer({ routes: () => routes.routes });
    try {
      const body = (await (
        await fetch(
          `${server.origin}/api/v3/repos/octo-org/hello-world/git/trees/${first}?recursive=1`,
        )
      ).json()) as { truncated: boolean; tree: unknown[] };
      expect(body.truncated).toBe(true);
      expect(body.tree).toHaveLength(2);
    } finally {
      await server.close();
    }
  });

  it("serves a blob as base64 JSON, or raw when Accept asks, and 404s an unknown one", async () => {
    const sha = git(repoDir, "rev-parse", `${first}:src/retry.py`);
    const json = (await (
      await get(`/repos/octo-org/hello-world/git/blobs/${sha}`)
    ).json()) as { content: string; encoding: string; size: number };
    expect(json.encoding).toBe("base64");
    expect(json.size).toBe(Buffer.byteLength(RETRY_PY));
    expect(Buffer.from(json.content, "base64").toString()).toMatch(
      /^def retry_upload/,
    );
    const raw = await get(
      `/repos/octo-org/hello-world/git/blobs/${sha}`,
      "application/vnd.github.raw",
    );
    expect(await raw.text()).toMatch(/^def retry_upload/);
    expect(
      (await get(`/repos/octo-org/hello-world/git/blobs/${"0".repeat(40)}`))
        .status,
    ).toBe(404);
  });

  it("reads contents at ?ref= and sends the tarball of that commit through codeload", async () => {
    expect(
      (
        await get(
          `/repos/octo-org/hello-world/contents/src/later.py?ref=${first}`,
        )
      ).status,
    ).toBe(404);
    expect(
      (
        await get(
          `/repos/octo-org/hello-world/contents/src/later.py?ref=${second}`,
        )
      ).status,
    ).toBe(200);
    const tarball = await fetch(
      `${github.apiUrl}/repos/octo-org/hello-world/tarball/${second}`,
      { redirect: "manual" },
    );
    expect(tarball.status).toBe(302);
    expect(tarball.headers.get("location")).toMatch(
      new RegExp(
        `/_codeload/octo-org/hello-world/legacy\\.tar\\.gz/${second}$`,
      ),
    );
    const archive = Buffer.from(
      await (await fetch(tarball.headers.get("location")!)).arrayBuffer(),
    );
    expect(archive.subarray(0, 2)).toStrictEqual(Buffer.from([0x1f, 0x8b]));
    expect(github.traffic.get("codeload")?.bytes).toBe(archive.length);
  });
});

describe("code search", () => {
  const search = async (q: string) => {
    const response = await get(
      `/search/code?q=${encodeURIComponent(q)}&per_page=100`,
      "application/vnd.github.v3.text-match+json",
    );
    const body = (await response.json()) as {
      total_count: number;
      incomplete_results: boolean;
      items: Array<{
        path: string;
        text_matches: Array<{
          fragment: string;
          matches: Array<{ text: string; indices: [number, number] }>;
        }>;
      }>;
    };
    return { status: response.status, body };
  };

  it("finds files holding every term as a word, at the default head, narrowed by the qualifiers askcode sends", async () => {
    const both = await search(
      "retry_upload 502 repo:octo-org/hello-world in:file",
    );
    expect(both.body.incomplete_results).toBe(false);
    expect(both.body.items.map((i) => i.path).sort()).toStrictEqual([
      "docs/retry.md",
      "src/retry.py",
    ]);
    const match = both.body.items.find((i) => i.path === "src/retry.py")!
      .text_matches[0]!;
    const [start, end] = match.matches[0]!.indices;
    expect(match.fragment.slice(start, end).toLowerCase()).toBe(
      match.matches[0]!.text.toLowerCase(),
    );
    const paths = async (q: string) =>
      (await search(q)).body.items.map((i) => i.path);
    expect(await paths("502 extension:py")).toStrictEqual(["src/retry.py"]);
    expect(await paths("502 path:src language:TypeScript")).toStrictEqual([
      "src/session.ts",
    ]);
    expect(await paths("502 filename:retry.md")).toStrictEqual([
      "docs/retry.md",
    ]);
    // A word inside another (retry in retry_upload) is not a match.
    expect(await paths("retry extension:py")).toStrictEqual([]);
    // Only the default head is indexed: the second commit's file is not found…
    expect(await paths("later")).toStrictEqual([]);
    github.setDefaultHead(second);
    expect(await paths("later")).toStrictEqual(["src/later.py"]);
    github.setDefaultHead(first);
    expect((await search("repo:octo-org/hello-world")).status).toBe(422);
  });

  it("refuses the 11th search of a minute, and serves again once the virtual clock has slept past it", async () => {
    await clock.sleep(60_000); // a fresh window, whatever ran before
    const waited = clock.skippedMs;
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) statuses.push((await search("502")).status);
    expect(statuses).toStrictEqual([...Array(10).fill(200), 403]);
    await clock.sleep(60_000);
    expect(clock.skippedMs - waited).toBe(60_000);
    expect((await search("502")).status).toBe(200);
  });
});

describe("createVirtualClock", () => {
  it("ends a sleep at once by moving time, overlapping sleeps to the latest end, and fires timeouts it passes", async () => {
    let real = 0;
    const virtual = createVirtualClock(() => real);
    const signal = virtual.timeout(5_000);
    await Promise.all([virtual.sleep(3_000), virtual.sleep(10_000)]);
    expect(virtual.now()).toBe(10_000);
    expect(virtual.skippedMs).toBe(10_000);
    expect(signal.aborted).toBe(true);
    await virtual.sleep(1_000);
    await virtual.sleep(1_000);
    expect(virtual.skippedMs).toBe(12_000);
    real = 500; // real time still counts
    expect(virtual.now()).toBe(12_500);
  });
});
