import type { Readable, Writable } from "node:stream";
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import type { jsonSchemaValidator } from "@modelcontextprotocol/sdk/validation/index.js";
import { AjvJsonSchemaValidator } from "@modelcontextprotocol/sdk/validation/ajv";
import { askTool } from "./ask-tool.js";
import { historyTool } from "./history-tool.js";
import { mapTool } from "./map-tool.js";
import type { McpTool } from "./mcp-tool.js";
import type { CheckoutSession } from "./checkout-session.js";
import { readTool } from "./read-tool.js";
import { searchTool } from "./search-tool.js";

/** The tools, in the order an agent is shown them. */
export function mcpTools(session: CheckoutSession): McpTool[] {
  return [
    askTool(session),
    searchTool(session),
    readTool(session),
    mapTool(session),
    historyTool(session),
  ];
}

/**
 * The SDK's own validator, made when first used: it checks what a client
 * answers to an elicitation, which this server never asks for, and making
 * it (Ajv compiling its formats) was about 4% of a new process's way to its
 * answer to `initialize`.
 */
function validatorWhenUsed(): jsonSchemaValidator {
  let ajv: AjvJsonSchemaValidator | undefined;
  return {
    getValidator: (schema) =>
      (ajv ??= new AjvJsonSchemaValidator()).getValidator(schema),
  };
}

/**
 * Serves the tools over a session on stdin and stdout (the protocol's stdio
 * transport) until the client closes stdin: the MCP server of `askcode
 * mcp`, whose composition root (src/cli/run-mcp.ts) builds the session.
 * Stdout carries the protocol only: whatever else is said goes to stderr.
 * `onInitialized` runs when the client has the server's answer to
 * `initialize` (its `notifications/initialized`): work begun then no
 * longer delays that answer, and is under way before the first call.
 *
 * @example
 * await serveMcp(session, { stdin: process.stdin, stdout: process.stdout }, { version: "0.1.0", repo: "/home/ada/flask" });
 */
export async function serveMcp(
  session: CheckoutSession,
  io: { stdin: Readable; stdout: Writable },
  about: { version: string; repo: string },
  options: { onInitialized?: () => void } = {},
): Promise<void> {
  const server = new McpServer(
    { name: "askcode", version: about.version },
    {
      jsonSchemaValidator: validatorWhenUsed(),
      instructions: `askcode serves the repository at ${about.repo}. Start with ask for a question in words; search for a name or message; read to open path:line; map for the layout; history for why lines are so.`,
    },
  );
  const running = new Set<Promise<unknown>>();
  for (const tool of mcpTools(session))
    server.registerTool(
      tool.name,
      { description: tool.description, inputSchema: tool.inputSchema },
      (input) => {
        const call = tool.run(input);
        running.add(call);
        void call.finally(() => running.delete(call)).catch(() => {});
        return call;
      },
    );
  const closed = new Promise<void>((resolve) => {
    server.server.onclose = resolve;
  });
  if (options.onInitialized)
    server.server.oninitialized = options.onInitialized;
  await server.connect(new StdioServerTransport(io.stdin, io.stdout));
  // The client ends the session by closing our stdin (the spec's stdio
  // shutdown); the calls it sent before are answered first, as a client
  // that writes its requests and closes (a pipe) waits for them.
  io.stdin.once("end", () => {
    void (async () => {
      // A request reaches its tool, and a result its response, through
      // the protocol's promise chain (no I/O): a turn of the event loop
      // after each lets them through.
      const turn = () => new Promise((resolve) => setImmediate(resolve));
      await turn();
      while (running.size > 0) {
        await Promise.allSettled([...running]);
        await turn();
      }
      await server.close();
    })();
  });
  await closed;
}
