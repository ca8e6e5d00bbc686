import { resolve } from "node:path";
import type { Readable, Writable } from "node:stream";
import { assertDirectory } from "../code-host/local/assert-directory.js";
import { startCheckoutReads } from "../code-host/local/start-checkout-reads.js";
import { serveMcp } from "../mcp/serve-mcp.js";
import { deferMcpSession } from "./defer-mcp-session.js";
import { packageVersion } from "./package-version.js";
import type { McpArgs } from "./parse-mcp-args.js";
import type { RunAskDeps } from "./run-ask.js";

/**
 * `askcode mcp`: the MCP server's composition root. Serves the tools of
 * src/mcp/ on stdin and stdout until the client closes stdin, over the
 * checkout's session as `askcode ask` opens a run (`openMcpSession`).
 *
 * A coding agent starts a new process per session and waits for its
 * answer to `initialize`: the server answers it with the SDK and the tools'
 * schemas loaded, and only then (at `notifications/initialized`) loads
 * retrieval, opens the session and warms it, while the agent goes on; a
 * call that comes first waits for that. A wrong `--repo` is still said
 * before the server starts.
 *
 * @example
 * await runMcp(parseMcpArgs(["--repo", "."], process.cwd(), process.env), { stdin: process.stdin, stdout: process.stdout });
 */
export async function runMcp(
  args: McpArgs,
  io: { stdin: Readable; stdout: Writable },
  deps: Partial<RunAskDeps> = {},
): Promise<void> {
  assertDirectory(resolve(args.repo));
  const session = deferMcpSession(
    async () => {
      // Git reads HEAD and stamps the working tree on another core while
      // retrieval's modules load, as for askcode ask: the warming's first
      // look at the checkout no longer waits for git.
      const early =
        args.ref === undefined ? startCheckoutReads(args.repo) : undefined;
      const { openMcpSession } = await import("./open-mcp-session.js");
      return openMcpSession(args, deps, early);
    },
    (opened) => opened.warm(),
  );
  await serveMcp(
    session,
    io,
    { version: packageVersion(), repo: args.repo },
    { onInitialized: () => void session.open().catch(() => {}) },
  );
}
