import type {
  CodeReader,
  CodeSearchHit,
} from "../../../src/code-host/code-host.js";
import { createFileSetReader } from "../../../src/code-host/file-set/file-set-reader.js";
import { createRedactingReader } from "../../../src/code-host/redacting-reader.js";
import type { RedactOptions } from "../../../src/policy/redact-secrets.js";
import { createCpuPool } from "../../../src/worker-threads/cpu-pool.js";
import { FAKE } from "../../helpers/fake-secrets.js";
import { createMemoryFileSource } from "../../helpers/memory-file-source.js";

const SHA = "6dcb09b5b57875f334f61aebed695e2e4193db5e";
const KEY_FILE = [
  "const a = 1;", // 1
  "const pem = `", // 2
  "-----BEGIN PRIVATE KEY-----", // 3
  ...FAKE.privateKeyBody, // 4-7
  "-----END PRIVATE KEY-----", // 8
  "`;", // 9
  'const password = "hunter2";', // 10
  "export default a;", // 11
].join("\n");

function reader(files: Record<string, string | Buffer>, maxFileBytes?: number) {
  return createRedactingReader(
    createFileSetReader({
      sha: SHA,
      source: createMemoryFileSource(files),
      ...(maxFileBytes ? { limits: { maxFileBytes } } : {}),
    }),
  );
}

describe("createRedactingReader", () => {
  it("redacts a whole file without adding or removing a line", async () => {
    const file = await reader({ "src/keys.ts": KEY_FILE }).readFile(
      "src/keys.ts",
    );
    expect(file).toMatchObject({
      kind: "text",
      startLine: 1,
      endLine: 11,
      totalLines: 11,
    });
    const lines = file.kind === "text" ? file.text.split("\n") : [];
    expect(lines).toEqual([
      "const a = 1;",
      "const pem = `",
      "REDACTED_PRIVATE_KEY",
      "",
      "",
      "",
      "",
      "",
      "`;",
      'const password = "REDACTED_SECRET";',
      "export default a;",
    ]);
  });

  it("redacts a range that starts inside a key block, from the whole file's redaction", async () => {
    const file = await reader({ "src/keys.ts": KEY_FILE }).readFile(
      "src/keys.ts",
      {
        startLine: 5,
        endLine: 10,
      },
    );
    expect(file).toMatchObject({ kind: "text", startLine: 5, endLine: 10 });
    expect(file.kind === "text" && file.text).toBe(
      ["", "", "", "", "`;", 'const password = "REDACTED_SECRET";'].join("\n"),
    );
  });

  it("redacts a line a read limit cut on its own", async () => {
    const line = `TOKEN = "${FAKE.githubClassic}" ${"x".repeat(200)}`;
    const file = await reader({ "big.py": `${line}\nrest = 1\n` }, 64).readFile(
      "big.py",
    );
    expect(file).toMatchObject({ kind: "text", truncated: true });
    expect(file.kind === "text" && file.text).not.toContain(
      FAKE.githubClassic.slice(0, 20),
    );
  });

  it("reads config files as config: an unquoted plain word is a value there", async () => {
    const r = reader({
      "app.ini": "[db]\npassword = swordfish\n",
      "app.py": "password = swordfish\n",
    });
    const ini = await r.readFile("app.ini");
    const py = await r.readFile("app.py");
    expect(ini.kind === "text" && ini.text).toBe(
      "[db]\npassword = REDACTED_SECRET",
    );
    expect(py.kind === "text" && py.text).toBe("password = swordfish");
  });

  it("passes binary files, listings and the tree through unchanged", async () => {
    const files = {
      "logo.png": Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 0, 0]),
      "a.txt": "a\n",
    };
    const inner = createFileSetReader({
      sha: SHA,
      source: createMemoryFileSource(files),
    });
    const outer = createRedactingReader(inner);
    expect(outer.sha).toBe(SHA);
    expect(await outer.readFile("logo.png")).toEqual(
      await inner.readFile("logo.png"),
    );
    expect(await outer.listTree()).toEqual(await inner.listTree());
    expect(await outer.listDirectory("")).toEqual(
      await inner.listDirectory(""),
    );
  });

  it("passes the host's whole-repository verdict through, and leaves it out where the host does", async () => {
    const inner = createFileSetReader({
      sha: SHA,
      source: createMemoryFileSource({ "a.txt": "a\n" }),
    });
    expect(createRedactingReader(inner).wholeRepository).toBeUndefined();
    const why = "the tree lists 180 MB of text, over the 50 MB cap";
    const outer = createRedactingReader({
      ...inner,
      wholeRepository: async () => ({ cheap: false, why }),
    });
    expect(await outer.wholeRepository?.()).toEqual({ cheap: false, why });
  });

  it("redacts search hits, and drops a hit that matched only inside a secret, counts and notes too", async () => {
    const r = reader({
      "settings.py": 'import os\nDB_PASSWORD = "hunter2"\nRETRY = 4\n',
    });
    const byName = await r.searchCode({ query: "DB_PASSWORD" });
    expect(byName.hits[0]).toMatchObject({
      line: 2,
      matchedLine: 'DB_PASSWORD = "REDACTED_SECRET"',
    });
    expect(byName.hits[0]!.context.lines.join("\n")).not.toContain("hunter2");

    const guess = await r.searchCode({ query: "hunter2" });
    expect(guess).toMatchObject({ hits: [], totalCount: 0, notes: [] });
  });

  it("redacts a hit's matched line even when its context does not hold it", async () => {
    const hit: CodeSearchHit = {
      path: "a.py",
      line: 7,
      matchedLine: 'API_KEY = "k3y" # api',
      context: { startLine: 1, lines: [] },
      score: 1,
      mode: "code-search",
      matchedTerms: ["api"],
    };
    const inner: CodeReader = {
      sha: SHA,
      searchCode: async (query) => ({
        query: query.query,
        mode: "code-search",
        hits: [hit],
        totalCount: 1,
        incomplete: false,
        notes: [],
      }),
      readFile: () => Promise.reject(new Error("not read")),
      listDirectory: () => Promise.reject(new Error("not listed")),
      listTree: () => Promise.reject(new Error("not listed")),
    };
    const result = await createRedactingReader(inner).searchCode({
      query: "api",
    });
    expect(result.hits).toEqual([
      { ...hit, matchedLine: 'API_KEY = "REDACTED_SECRET" # api' },
    ]);
  });
});

describe("createRedactingReader on threads", () => {
  const cpu = createCpuPool({ threads: 1 });
  afterAll(() => cpu.close());

  it("redacts each file on the pool's threads, to the same lines as on the event loop", async () => {
    const redactedOnThreads: string[] = [];
    const threads = {
      redact: (text: string, options: RedactOptions) => {
        redactedOnThreads.push(options.path ?? "");
        return cpu.redact(text, options);
      },
    };
    const source = () => createMemoryFileSource({ "src/keys.ts": KEY_FILE });
    const onThreads = await createRedactingReader(
      createFileSetReader({ sha: SHA, source: source() }),
      { redact: threads.redact },
    ).readFile("src/keys.ts");
    const inPlace = await createRedactingReader(
      createFileSetReader({ sha: SHA, source: source() }),
    ).readFile("src/keys.ts");
    expect(redactedOnThreads).toEqual(["src/keys.ts"]);
    expect(onThreads).toEqual(inPlace);
    expect(onThreads.kind === "text" && onThreads.text).not.toContain(
      "hunter2",
    );
  });
});
