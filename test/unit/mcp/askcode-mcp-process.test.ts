import { spawn, spawnSync } from "node:child_process";
import { once } from "node:events";
import { readFileSync, rmSync } from "node:fs";
import path from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { FAKE } from "../../helpers/fake-secrets.js";
import { UPLOAD_TS } from "../answer/fixtures.js";
import {
  commitAll,
  initRepo,
  makeTempDir,
  removeDir,
  writeFiles,
} from "../../helpers/temp-repo.js";

// The server as an agent starts it: bin/askcode.js mcp in a new process,
// driven by the SDK's own client over its stdio transport.
const BIN = new URL("../../../bin/askcode.js", import.meta.url).pathname;

// A key in an ordinary file (shown, redacted) and one in a secret-named file (never read).
const PAYMENTS = `/** The payment provider's client, configured for uploads that are paid for. */
export const stripeKey = "${FAKE.stripeSecret}";

export function chargeForUpload(bytes: number): number {
  return Math.ceil(bytes / 1_000_000) * 2;
}
`;

type CallResult = {
  content: Array<{ type: string; text: string }>;
  isError?: boolean;
};

describe("askcode mcp, driven by the MCP SDK's client over stdio", () => {
  let repo: string;
  let first: string;
  let cacheDir: string;
  let client: Client;
  let stderr = "";

  beforeAll(async () => {
    repo = initRepo();
    cacheDir = makeTempDir();
    writeFiles(repo, {
      "src/upload.ts": `${UPLOAD_TS}\n`,
      "src/sleep.ts":
        "export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));\n",
      "src/payments.ts": PAYMENTS,
      ".env": `OPENAI_API_KEY=${FAKE.openaiProject}\n`,
      "README.md": "# uploader\n\nUploads files, and charges for them.\n",
      // Kept from askcode by the repository's configuration, as the App keeps it.
      ".github/askcode.yml": "exclude_paths:\n  - fixtures/\n",
      "fixtures/recorded.ts": "export const recordedUpload = 1;\n",
    });
    first = commitAll(repo, "first");
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: [BIN, "mcp", "--repo", repo, "--cache-dir", cacheDir],
      env: { ...process.env } as Record<string, string>,
      stderr: "pipe",
    });
    transport.stderr?.on("data", (chunk: Buffer) => (stderr += chunk));
    client = new Client({ name: "askcode-test", version: "0.0.0" });
    await client.connect(transport);
  });

  afterAll(async () => {
    await client?.close();
    removeDir(repo);
    removeDir(cacheDir);
  });

  const call = async (name: string, args: Record<string, unknown>) => {
    const result = (await client.callTool({
      name,
      arguments: args,
    })) as CallResult;
    return {
      text: result.content.map((c) => c.text).join("\n"),
      isError: result.isError ?? false,
    };
  };

  it("answers initialize with its name and version, and lists the five tools, each described for an agent", async () => {
    expect(client.getServerVersion()?.name).toBe("askcode");
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name)).toEqual([
      "ask",
      "search",
      "read",
      "map",
      "history",
    ]);
    for (const tool of tools) {
      // When to use it, in a sentence or more.
      expect(tool.description).toMatch(/\bUse it\b/);
      expect(Object.keys(tool.inputSchema.properties ?? {})).not.toEqual([]);
    }
    const byName = Object.fromEntries(tools.map((t) => [t.name, t]));
    expect(byName.ask?.inputSchema.required).toEqual(["question"]);
    expect(byName.read?.inputSchema.required).toEqual(["path"]);
    expect(Object.keys(byName.read?.inputSchema.properties ?? {})).toEqual([
      "path",
      "start_line",
      "end_line",
    ]);
  });

  it("ask: the ranked places with why as path:line, the map and the packed context", async () => {
    const { text, isError } = await call("ask", {
      question: "where do we decide to retry a failed upload?",
    });
    expect(isError).toBe(false);
    expect(text).toMatch(/^1\. src\/upload\.ts:\d+-\d+/m);
    expect(text).toMatch(/^ {3}why: /m);
    expect(text).toContain("Packed context:");
    expect(text).toContain("export function shouldRetryUpload(");
  });

  it("ask: a budget below the context budget's bounds is a tool error naming budget", async () => {
    const { text, isError } = await call("ask", {
      question: "where is the retry?",
      budget: 10,
    });
    expect(isError).toBe(true);
    expect(text).toMatch(/budget/);
    expect(text).toMatch(/1000/);
  });

  it("search: path:line and the matching line", async () => {
    const { text, isError } = await call("search", {
      query: "shouldRetryUpload",
    });
    expect(isError).toBe(false);
    expect(text).toContain(
      "src/upload.ts:4: export function shouldRetryUpload(status: number, attempt: number): boolean {",
    );
  });

  it("read: a line range, numbered, cited as path:start-end", async () => {
    const { text, isError } = await call("read", {
      path: "src/upload.ts",
      start_line: 4,
      end_line: 5,
    });
    expect(isError).toBe(false);
    expect(text).toBe(
      "src/upload.ts:4-5 (of 17 lines)\n" +
        "4\texport function shouldRetryUpload(status: number, attempt: number): boolean {\n" +
        "5\t  if (attempt >= MAX_ATTEMPTS) return false;",
    );
  });

  it("history: the commit that last changed lines, from git blame", async () => {
    const { text, isError } = await call("history", {
      path: "src/upload.ts",
      start_line: 4,
      end_line: 5,
    });
    expect(isError).toBe(false);
    expect(text).toBe(
      `src/upload.ts:4-5 ${first.slice(0, 7)} 2025-01-01 first`,
    );
  });

  it("map: each file as path:line and its first declaration", async () => {
    const { text, isError } = await call("map", { path: "src" });
    expect(isError).toBe(false);
    expect(text).toContain(
      "- src/upload.ts:4: export function shouldRetryUpload(status: number, attempt: number): boolean {",
    );
    expect(text).toContain("- src/sleep.ts:1: export const sleep");
  });

  it.each([
    [
      "a missing file",
      { path: "src/nope.ts" },
      /No such file at [0-9a-f]+: src\/nope\.ts\./,
    ],
    [
      "a traversal",
      { path: "../../etc/passwd" },
      /Invalid path "\.\.\/\.\.\/etc\/passwd": '\.\.' is not allowed/,
    ],
    [
      "a secret-named file",
      { path: ".env" },
      /\.env looks like a file of secrets/,
    ],
    [
      "a file the repository's exclude_paths keep out",
      { path: "fixtures/recorded.ts" },
      /fixtures\/recorded\.ts is excluded by this repository's askcode configuration/,
    ],
    [
      "a directory",
      { path: "src" },
      /src is a directory; use map with path "src"/,
    ],
  ])(
    "read: %s is a tool error that says what was wrong",
    async (_, args, message) => {
      const { text, isError } = await call("read", args);
      expect(isError).toBe(true);
      expect(text).toMatch(message);
    },
  );

  it("search: a file the repository's exclude_paths keep out is not shown", async () => {
    const { text } = await call("search", { query: "recordedUpload" });
    expect(text).not.toContain("fixtures/recorded.ts");
    expect(text).toContain("in secret-looking or excluded files and not shown");
  });

  it("read: a range past the end of the file is a tool error that gives the file's lines", async () => {
    const { text, isError } = await call("read", {
      path: "src/sleep.ts",
      start_line: 40,
    });
    expect(isError).toBe(true);
    expect(text).toContain("start_line 40 is past its end");
    expect(text).toContain("Read from start_line 1 to 1.");
  });

  it("map: a traversal is a tool error", async () => {
    const { text, isError } = await call("map", { path: "../.." });
    expect(isError).toBe(true);
    expect(text).toMatch(/'\.\.' is not allowed/);
  });

  it("never shows a secret: the secret-named file is not searched, and a key in code is redacted by every tool", async () => {
    // A search for the value finds nothing: .env is never searched.
    const guessed = await call("search", { query: FAKE.openaiProject });
    expect(guessed.text).toMatch(/^0 matches for /);
    const shown = [
      await call("search", { query: "OPENAI_API_KEY" }),
      await call("search", { query: "stripeKey" }),
      await call("read", { path: "src/payments.ts" }),
      await call("ask", { question: "which key does the payment client use?" }),
      await call("map", { path: "src/payments.ts" }),
    ];
    for (const { text } of shown) {
      expect(text).not.toContain(FAKE.openaiProject);
      expect(text).not.toContain(FAKE.stripeSecret);
    }
    const [, search, read, ask, map] = shown.map((s) => s.text);
    // The places are shown, their secret is not.
    expect(search).toMatch(
      /src\/payments\.ts:2: export const stripeKey = "REDACTED/,
    );
    expect(read).toMatch(/^2\texport const stripeKey = "REDACTED/m);
    expect(ask).toMatch(/export const stripeKey = "REDACTED/);
    expect(map).toMatch(
      /src\/payments\.ts:2: export const stripeKey = "REDACTED/,
    );
  });

  it("sees an edit, a new file and a deleted one between calls, though the session keeps what it read", async () => {
    const found = async (query: string) =>
      (await call("search", { query })).text;
    expect(await found("quokkaWombat")).not.toContain("src/sleep.ts");
    const original = readFileSync(path.join(repo, "src/sleep.ts"), "utf8");
    writeFiles(repo, {
      "src/sleep.ts":
        "export const quokkaWombat = (attempt: number) => 2 ** attempt;\n",
      "src/platypus.ts": "export const platypusKiwi = 30_000;\n",
    });
    try {
      expect(await found("quokkaWombat")).toContain("src/sleep.ts:1:");
      expect(await found("platypusKiwi")).toContain("src/platypus.ts:1:");
      rmSync(path.join(repo, "src/platypus.ts"));
      expect(await found("platypusKiwi")).not.toContain("src/platypus.ts");
      const asked = await call("ask", { question: "where is quokkaWombat?" });
      expect(asked.text).toMatch(/^1\. src\/sleep\.ts:1/m);
    } finally {
      writeFiles(repo, { "src/sleep.ts": original });
    }
  });

  it("answers every call a client wrote before closing stdin, then exits 0", async () => {
    // A pipe: the requests, then the end of input, without waiting for replies.
    const child = spawn(
      process.execPath,
      [BIN, "mcp", "--repo", repo, "--cache-dir", cacheDir],
      { stdio: ["pipe", "pipe", "ignore"] },
    );
    let stdout = "";
    child.stdout.on("data", (chunk: Buffer) => (stdout += chunk));
    const lines = [
      {
        jsonrpc: "2.0",
        id: 1,
        method: "initialize",
        params: {
          protocolVersion: "2025-06-18",
          capabilities: {},
          clientInfo: { name: "pipe", version: "0" },
        },
      },
      { jsonrpc: "2.0", method: "notifications/initialized" },
      {
        jsonrpc: "2.0",
        id: 2,
        method: "tools/call",
        params: { name: "ask", arguments: { question: "where is the retry?" } },
      },
    ];
    child.stdin.end(lines.map((line) => JSON.stringify(line) + "\n").join(""));
    const [code] = (await once(child, "close")) as [number | null];
    expect(code).toBe(0);
    const replies = stdout
      .trim()
      .split("\n")
      .map((line) => JSON.parse(line) as { id: number; result?: CallResult });
    expect(replies.map((r) => r.id).sort()).toEqual([1, 2]);
    expect(replies.find((r) => r.id === 2)?.result?.content[0]?.text).toContain(
      "src/upload.ts",
    );
  });

  it("writes nothing but the protocol to stdout, and keeps serving after errors", async () => {
    // Every call above parsed as JSON-RPC; the process is still there.
    const { isError } = await call("read", { path: "README.md" });
    expect(isError).toBe(false);
    expect(stderr).not.toContain("Error");
  });
});

describe("askcode mcp on the command line", () => {
  const run = (...args: string[]) => {
    const result = spawnSync(process.execPath, [BIN, ...args], {
      encoding: "utf8",
      env: { ...process.env, XDG_CACHE_HOME: "/nonexistent-askcode-test" },
    });
    return {
      code: result.status,
      stdout: result.stdout,
      stderr: result.stderr,
    };
  };

  it("prints its usage for mcp --help, and is named in askcode --help", () => {
    const help = run("mcp", "--help");
    expect(help.code).toBe(0);
    expect(help.stdout).toContain("Usage: askcode mcp [--repo DIR]");
    expect(run("--help").stdout).toMatch(/^ +askcode mcp \[--repo DIR\]/m);
  });

  it("refuses a --repo that is not a directory before serving, naming it, with exit code 2", () => {
    const { code, stdout, stderr } = run(
      "mcp",
      "--repo",
      "/nonexistent-askcode-test/app",
    );
    expect([code, stdout]).toEqual([2, ""]);
    expect(stderr).toMatch(
      /^askcode: The directory \/nonexistent-askcode-test\/app does not exist/m,
    );
  });
});
