import { spawnSync } from "node:child_process";
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

const SCRIPT = new URL("../../../scripts/bundle-cli.mjs", import.meta.url)
  .pathname;
const NODE_MODULES = new URL("../../../node_modules", import.meta.url).pathname;
let dist: string;

function write(path: string, text: string) {
  mkdirSync(join(dist, path, ".."), { recursive: true });
  writeFileSync(join(dist, path), text);
}

// A build as tsc leaves it: the command line's entry, a module it imports,
// one it loads when a command runs, a file found beside the build, and
// the worker threads' task file.
beforeEach(() => {
  dist = mkdtempSync(join(tmpdir(), "askcode-bundle-"));
  write(
    "cli/main.js",
    [
      'import { label } from "../text/label.js";',
      "export async function main(argv) {",
      '  const { run } = await import("./run-ask.js");',
      "  console.log(label(await run(argv)));",
      "  return 0;",
      "}",
    ].join("\n"),
  );
  write(
    "cli/run-ask.js",
    [
      'import { readFileSync } from "node:fs";',
      "export async function run(argv) {",
      '  return `${argv[0]} ${readFileSync(new URL("../build-id.txt", import.meta.url), "utf8").trim()}`;',
      "}",
    ].join("\n"),
  );
  write("text/label.js", "export const label = (s) => `answered: ${s}`;\n");
  write("build-id.txt", "b1\n");
  write(
    "worker-threads/cpu-tasks.js",
    "export default function derive(task) { return task; }\n",
  );
});
afterEach(() => rmSync(dist, { recursive: true, force: true }));

const bundle = () =>
  spawnSync(process.execPath, [SCRIPT, "--dist", dist], { encoding: "utf8" });

describe("scripts/bundle-cli.mjs", () => {
  it("writes the command line and the task file to dist/cli-bundle, a command's own code in a chunk it loads when run", () => {
    expect(bundle()).toMatchObject({ status: 0, stderr: "" });
    const files = readdirSync(join(dist, "cli-bundle"));
    expect(files).toEqual(
      expect.arrayContaining([
        "main.js",
        "cpu-tasks.js",
        expect.stringMatching(/^run-ask-\w+\.js$/),
      ]),
    );
    const ran = spawnSync(
      process.execPath,
      [
        "--input-type=module",
        "-e",
        `const { main } = await import(${JSON.stringify(join(dist, "cli-bundle/main.js"))}); await main(["where?"]);`,
      ],
      { encoding: "utf8" },
    );
    expect(ran).toMatchObject({ status: 0, stdout: "answered: where? b1\n" });
  });

  it("refuses a file found beside a module that the bundle would look for elsewhere, naming it", () => {
    write(
      "cli/run-ask.js",
      'export const run = () => new URL("./questions.txt", import.meta.url).href;\n',
    );
    const result = bundle();
    expect(result.status).toBe(1);
    expect(result.stderr).toContain(
      `cli/run-ask.js: "./questions.txt" is ${join(dist, "cli/questions.txt")} in dist/ but ${join(dist, "cli-bundle/questions.txt")} in the bundle`,
    );
    // No half-checked bundle for bin/askcode.js to run.
    expect(existsSync(join(dist, "cli-bundle"))).toBe(false);
  });

  it("leaves no chunk of an earlier bundle behind", () => {
    mkdirSync(join(dist, "cli-bundle"));
    writeFileSync(join(dist, "cli-bundle/chunk-OLD.js"), "");
    expect(bundle().status).toBe(0);
    expect(readdirSync(join(dist, "cli-bundle"))).not.toContain("chunk-OLD.js");
  });

  it("bundles the MCP SDK and zod, with what they import, and leaves other packages in node_modules", () => {
    // The packages as an installed askcode finds them, beside its dist/.
    symlinkSync(NODE_MODULES, join(dist, "node_modules"));
    write(
      "cli/main.js",
      [
        'import { parse } from "yaml";',
        "export async function main() {",
        '  const { serve } = await import("../mcp/serve.js");',
        '  await serve(parse("name: answerer").name);',
        "  return 0;",
        "}",
      ].join("\n"),
    );
    write(
      "mcp/serve.js",
      [
        'import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";',
        'import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";',
        'import { z } from "zod";',
        "export async function serve(name) {",
        '  const server = new McpServer({ name, version: "1" });',
        '  server.registerTool("where", { description: "Says where.", inputSchema: z.object({ what: z.string().describe("What to find.") }) },',
        '    async ({ what }) => ({ content: [{ type: "text", text: `${what} is here` }] }));',
        "  await server.connect(new StdioServerTransport());",
        "}",
      ].join("\n"),
    );
    expect(bundle()).toMatchObject({ status: 0, stderr: "" });
    const chunks = readdirSync(join(dist, "cli-bundle")).map((file) =>
      readFileSync(join(dist, "cli-bundle", file), "utf8"),
    );
    const imported = chunks.flatMap((text) =>
      [...text.matchAll(/^import .* from "([^".][^"]*)";$/gm)].map(
        (match) => match[1] as string,
      ),
    );
    expect(imported).toContain("yaml");
    expect(
      imported.filter((s) => /^(@modelcontextprotocol|zod|ajv)/.test(s)),
    ).toEqual([]);

    const request = (id: number, method: string, params: object) =>
      JSON.stringify({ jsonrpc: "2.0", id, method, params });
    const served = spawnSync(
      process.execPath,
      [
        "--input-type=module",
        "-e",
        `const { main } = await import(${JSON.stringify(join(dist, "cli-bundle/main.js"))}); await main();`,
      ],
      {
        encoding: "utf8",
        input: [
          request(0, "initialize", {
            protocolVersion: "2025-06-18",
            capabilities: {},
            clientInfo: { name: "test", version: "0" },
          }),
          JSON.stringify({
            jsonrpc: "2.0",
            method: "notifications/initialized",
          }),
          request(1, "tools/list", {}),
          request(2, "tools/call", {
            name: "where",
            arguments: { what: "the key" },
          }),
          "",
        ].join("\n"),
      },
    );
    const answers = served.stdout
      .trim()
      .split("\n")
      .map((line) => JSON.parse(line) as { id: number; result: any });
    expect(answers.map((a) => a.id)).toEqual([0, 1, 2]);
    expect(answers[0]?.result.serverInfo).toEqual({
      name: "answerer",
      version: "1",
    });
    expect(answers[1]?.result.tools[0].inputSchema.properties).toEqual({
      what: { type: "string", description: "What to find." },
    });
    expect(answers[2]?.result.content).toEqual([
      { type: "text", text: "the key is here" },
    ]);
  });
});
