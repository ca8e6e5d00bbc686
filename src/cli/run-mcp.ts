import type { Readable, Writable } from "node:stream";
import { serveMcp } from "../mcp/serve-mcp.js";
import { openMcpSession } from "./open-mcp-session.js";
import { packageVersion } from "./package-version.js";
import type { McpArgs } from "./parse-mcp-args.js";
import type { RunAskDeps } from "./run-ask.js";

/**
 * `askcode mcp`: the MCP server's composition root. Opens the checkout's
 * session as `askcode ask` opens a run (`openMcpSession`) and serves the
 * tools of src/mcp/ over it on stdin and stdout until the client closes
 * stdin.
 *
 * @example
 * await runMcp(parseMcpArgs(["--repo", "."], process.cwd(), process.env), { stdin: process.stdin, stdout: process.stdout });
 */
export async function runMcp(
  args: McpArgs,
  io: { stdin: Readable; stdout: Writable },
  deps: Partial<RunAskDeps> = {},
): Promise<void> {
  const session = await openMcpSession(args, deps);
  await serveMcp(session, io, { version: packageVersion(), repo: args.repo });
}
