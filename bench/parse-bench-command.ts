// One way for every bench script to read its command line: node:util's
// parseArgs (strict, so a mistyped option is named), plus --help / -h that
// prints the usage and exits 0, and a wrong option that prints the message
// and the usage and exits 2, instead of a stack or a long run started anyway.
import { parseArgs, type ParseArgsOptionsConfig } from "node:util";

export interface BenchCommand<T extends ParseArgsOptionsConfig> {
  /** The whole usage text, first line `usage: npm run bench:x -- …`. */
  usage: string;
  options: T;
}

type Values<T extends ParseArgsOptionsConfig> = ReturnType<
  typeof parseArgs<{ options: T; strict: true; allowPositionals: false }>
>["values"];

export type BenchCommandOutcome<T extends ParseArgsOptionsConfig> =
  | { kind: "run"; values: Values<T> }
  | { kind: "help"; text: string }
  | { kind: "error"; text: string };

const HELP = { help: { type: "boolean", short: "h" } } as const;

/**
 * What a bench script's arguments ask for, without acting on it.
 *
 * @example
 * parseBenchCommand({ usage: "usage: npm run bench:x\n", options: {} }, ["--help"])
 * // { kind: "help", text: "usage: npm run bench:x\n" }
 */
export function parseBenchCommand<T extends ParseArgsOptionsConfig>(
  command: BenchCommand<T>,
  argv: string[],
): BenchCommandOutcome<T> {
  const usage = command.usage.endsWith("\n")
    ? command.usage
    : `${command.usage}\n`;
  try {
    const { values } = parseArgs({
      args: argv,
      options: { ...command.options, ...HELP },
      strict: true,
      allowPositionals: false,
    });
    const { help, ...rest } = values as { help?: boolean };
    if (help) return { kind: "help", text: usage };
    return { kind: "run", values: rest as Values<T> };
  } catch (error) {
    return { kind: "error", text: `${(error as Error).message}\n\n${usage}` };
  }
}

/**
 * A bench script's option values, as parseArgs returns them; prints the usage and exits on --help (0)
 * or a wrong argument (2).
 */
export function benchCommand<T extends ParseArgsOptionsConfig>(
  command: BenchCommand<T>,
  argv: string[] = process.argv.slice(2),
): { values: Values<T> } {
  const outcome = parseBenchCommand(command, argv);
  if (outcome.kind === "run") return { values: outcome.values };
  if (outcome.kind === "help") {
    process.stdout.write(outcome.text);
    process.exit(0);
  }
  process.stderr.write(outcome.text);
  process.exit(2);
}

/**
 * Stops a bench script whose input is missing, with one line that names it
 * and says how to get it, and exit code 2.
 *
 * @example
 * exitMissingInput("no git mirrors under bench/mirrors", "clone some with git clone --mirror (npm run bench:swebench -- --help)")
 */
export function exitMissingInput(what: string, how: string): never {
  process.stderr.write(`${what}: ${how}\n`);
  process.exit(2);
}
