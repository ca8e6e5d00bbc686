import path from "node:path";
import { startCheckoutReads } from "../code-host/local/start-checkout-reads.js";
import { AskcodeError } from "../shared/errors.js";
import { ASK_USAGE, parseAskArgs } from "./parse-ask-args.js";
import { EVAL_USAGE, parseEvalArgs } from "./parse-eval-args.js";
import { INDEX_USAGE, parseIndexArgs } from "./parse-index-args.js";
import { MCP_USAGE, parseMcpArgs } from "./parse-mcp-args.js";
import { packageVersion } from "./package-version.js";
import { unknownModelNotice } from "./unknown-model-notice.js";

const USAGE = `askcode: answers questions about a repository's code.

Usage: askcode ask "<question>" [options]   (askcode ask --help for the options)
       askcode index [options]              (askcode index --help)
       askcode eval [options]               (askcode eval --help)
       askcode mcp [--repo DIR]             (askcode mcp --help: serve a coding agent)
       askcode --help | --version

${ASK_USAGE}`;

const COMMAND_USAGE: Record<string, string> = {
  ask: ASK_USAGE,
  index: INDEX_USAGE,
  eval: EVAL_USAGE,
  mcp: MCP_USAGE,
};

/**
 * The command line's edge: dispatches the subcommand and turns errors into a
 * message and an exit code (1: the question could not be answered; 2: usage).
 * Arguments are checked before retrieval's modules (grammars, tokenizer,
 * the whole index) are imported, so a mistake is refused in a tenth of a
 * second.
 */
export async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  const commandUsage =
    command && Object.hasOwn(COMMAND_USAGE, command)
      ? COMMAND_USAGE[command]
      : undefined;
  if (
    isHelp(command) ||
    (commandUsage && rest.some((a) => a === "--help" || a === "-h"))
  ) {
    process.stdout.write((commandUsage ?? USAGE) + "\n");
    return 0;
  }
  if (!command) {
    process.stderr.write(USAGE + "\n");
    return 2;
  }
  if (command === "--version" || command === "-v" || command === "version") {
    process.stdout.write(`askcode ${packageVersion()}\n`);
    return 0;
  }
  if (!commandUsage) {
    process.stderr.write(
      `askcode: unknown command ${JSON.stringify(command)}.\n\n${USAGE}\n`,
    );
    return 2;
  }
  try {
    if (command === "index") {
      const args = parseIndexArgs(rest, process.cwd(), process.env);
      const { runIndex } = await import("./run-index.js");
      await runIndex(args, { stdout: process.stdout });
      return 0;
    }
    if (command === "eval") {
      const args = parseEvalArgs(rest, process.cwd(), process.env);
      noteUnknownModel(args.model);
      const { runEval } = await import("./run-eval.js");
      await runEval(args, { stdout: process.stdout, stderr: process.stderr });
      return 0;
    }
    if (command === "mcp") {
      const args = parseMcpArgs(rest, process.cwd(), process.env);
      noteUnknownModel(args.model);
      const { runMcp } = await import("./run-mcp.js");
      await runMcp(args, { stdin: process.stdin, stdout: process.stdout });
      return 0;
    }
    const args = parseAskArgs(rest, process.cwd(), process.env);
    noteUnknownModel(args.model);
    // Git reads HEAD and stamps the working tree on another core while
    // retrieval's modules load (a warm question's git no longer waits).
    const early =
      args.ref === undefined
        ? startCheckoutReads(path.resolve(process.cwd(), args.repo))
        : undefined;
    const { runAsk } = await import("./run-ask.js");
    await runAsk(args, {
      cwd: process.cwd(),
      stdout: process.stdout,
      ...(early ? { early } : {}),
    });
    return 0;
  } catch (error) {
    if (error instanceof AskcodeError) {
      process.stderr.write(`askcode: ${error.message}\n`);
      return error.name === "ConfigError" ? 2 : 1;
    }
    throw error;
  }
}

function noteUnknownModel(model: string): void {
  const notice = unknownModelNotice(model);
  if (notice) process.stderr.write(`askcode: ${notice}\n`);
}

function isHelp(arg: string | undefined): boolean {
  return arg === "--help" || arg === "-h" || arg === "help";
}
