import { createFileSetReader } from "../../../src/code-host/file-set/file-set-reader.js";
import { createTokenCounter } from "../../../src/tokens/create-token-counter.js";
import {
  createCodeTools,
  type CodeToolsOptions,
} from "../../../src/tools/create-code-tools.js";
import { invokeTool } from "../../../src/tools/invoke-tool.js";
import type { AgentTool, ToolOutput } from "../../../src/tools/tool.js";
import {
  createMemoryFileSource,
  type MemoryFile,
} from "../../helpers/memory-file-source.js";

export const SHA = "1a2b3c4d5e6f7a8b9c0d1e2f3a4b5c6d7e8f9a0b";

/** The real tokenizer, shared: loading it once costs about a second. */
export const tokenCounter = createTokenCounter({ model: "gpt-4o-mini" });

/** 500 numbered lines of plausible code. */
export const LONG_FILE = Array.from(
  { length: 500 },
  (_, i) => `export const value${i + 1} = compute(${i + 1}, "line ${i + 1}");`,
).join("\n");

export const FILES: Record<string, MemoryFile> = {
  "README.md": "# demo\n\nRetries are handled in src/retry.ts.\n",
  "src/retry.ts": [
    "export function shouldRetry(status: number, attempt: number): boolean {",
    "  if (attempt >= MAX_ATTEMPTS) return false;",
    "  return status === 429 || status >= 500;",
    "}",
    "",
    "export const MAX_ATTEMPTS = 4;",
  ].join("\n"),
  "src/long.ts": LONG_FILE,
  "src/util/index.ts": "export const VERSION = 1;\n",
  "src/minified.js": "var a=" + "1+".repeat(20_000) + "1;\n",
  "assets/logo.png": Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x00, 0x00, 0x00]),
  ".env": "API_TOKEN=shouldRetry-secret-value\n",
  "config/server.pem": "-----BEGIN PRIVATE KEY-----\nshouldRetry\n",
  "fixtures/recorded.json": '{"shouldRetry": true}\n',
};

export function setupTools(options: Partial<CodeToolsOptions> = {}) {
  const source = createMemoryFileSource(FILES);
  const reader = createFileSetReader({ sha: SHA, source });
  const tools = createCodeTools({
    reader,
    ref: "main",
    tokenCounter,
    toolResultBudget: 2_000,
    excludePaths: ["fixtures/"],
    ...options,
  });
  const byName = (name: string): AgentTool => {
    const tool = tools.find((t) => t.name === name);
    if (!tool) throw new Error(`no tool ${name}`);
    return tool;
  };
  const call = (
    name: string,
    args: unknown,
    maxTokens = 2_000,
  ): Promise<ToolOutput> =>
    invokeTool(byName(name), args, { maxTokens }, tokenCounter);
  return { tools, reader, source, call };
}

/** The JSON of a successful result, asserting that it is one. */
export function json(output: ToolOutput): Record<string, unknown> {
  expect(output.ok).toBe(true);
  return JSON.parse(output.text) as Record<string, unknown>;
}
