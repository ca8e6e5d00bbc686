import { cpSync } from "node:fs";
import { join } from "node:path";
import { runAsk } from "../../../src/cli/run-ask.js";
import type { AskResult } from "../../../src/cli/ask-result.js";
import { git, makeTempDir, removeDir } from "../../helpers/temp-repo.js";

const FIXTURES = new URL("../../fixtures/repos/", import.meta.url).pathname;

// A fixture checkout as a git repository of its own, as `askcode ask` reads one.
function checkout(name: string): string {
  const dir = makeTempDir();
  cpSync(join(FIXTURES, name), dir, { recursive: true });
  git(dir, "init", "-q");
  git(dir, "add", ".");
  git(dir, "commit", "-qm", "first");
  return dir;
}

async function ask(repo: string, question: string): Promise<string> {
  let text = "";
  await runAsk([question, "--repo", repo, "--no-cache", "--budget", "1500"], {
    cwd: "/",
    stdout: { write: (chunk: string) => (text += chunk) },
  });
  return text;
}

async function askJson(repo: string, question: string): Promise<AskResult> {
  let text = "";
  await runAsk(
    [question, "--repo", repo, "--no-cache", "--budget", "1500", "--json"],
    {
      cwd: "/",
      stdout: { write: (chunk: string) => (text += chunk) },
    },
  );
  return JSON.parse(text) as AskResult;
}

describe("askcode ask on small checkouts in tree-chunked languages", () => {
  const repos: string[] = [];
  afterAll(() => repos.forEach(removeDir));
  const open = (name: string) => {
    const dir = checkout(name);
    repos.push(dir);
    return dir;
  };

  it("Go: finds the Store method that treats an expired key as absent", async () => {
    const repo = open("go-kvstore");
    const q = "how does Store Get treat an expired value?";
    const text = await ask(repo, q);
    // Get (31-47) is joined with the small New above it (26-30) into one
    // chunk; their paths differ, so the place names what it declares.
    expect(text).toMatch(
      /^1\. store\/store\.go:26-47 {2}\(declares New, Get\) {2}score/m,
    );
    expect(text).toContain("func (s *Store) Get(key string) ([]byte, error) {");
    const result = await askJson(repo, q);
    expect(result.places[0]).toMatchObject({
      path: "store/store.go",
      startLine: 26,
      endLine: 47,
      context: "declares New, Get",
    });
  });

  it("Rust: names the impl method that evicts the least recently used entry", async () => {
    const text = await ask(
      open("rust-lru"),
      "where does the cache evict the least recently used entry when full?",
    );
    expect(text).toMatch(
      /^1\. src\/cache\.rs:\d+-\d+ {2}\(impl Cache<K, V> › fn evict\)/m,
    );
  });

  // The header's class Pool ranks first (its comments name acquire too);
  // the definition comes second, with its path.
  it("C++: names the pool's acquire definition in its namespace", async () => {
    const text = await ask(
      open("cpp-connpool"),
      "what happens in Pool::acquire when no idle connection frees up before the timeout?",
    );
    expect(text).toMatch(
      /^2\. src\/pool\.cpp:14-31 {2}\(namespace connpool › fn Pool::acquire\)/m,
    );
  });
});
