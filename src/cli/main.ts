import { AskcodeError } from "../shared/errors.js";
import { runAsk } from "./run-ask.js";
import { ASK_USAGE } from "./parse-ask-args.js";

const USAGE = `askcode: answers questions about a repository's code.

${ASK_USAGE}`;

/**
 * The command line's edge: dispatches the subcommand and turns errors into a
 * message and an exit code (1: the question could not be answered; 2: usage).
 */
export async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  if (
    !command ||
    command === "--help" ||
    command === "-h" ||
    command === "help"
  ) {
    process.stdout.write(USAGE + "\n");
    return command ? 0 : 2;
  }
  if (command !== "ask") {
    process.stderr.write(
      `Unknown command ${JSON.stringify(command)}.\n\n${USAGE}\n`,
    );
    return 2;
  }
  try {
    await runAsk(rest, { cwd: process.cwd(), stdout: process.stdout });
    return 0;
  } catch (error) {
    if (error instanceof AskcodeError) {
      process.stderr.write(`askcode: ${error.message}\n`);
      return error.name === "ConfigError" ? 2 : 1;
    }
    throw error;
  }
}
