import { Writable } from "node:stream";
import { pino, type Logger } from "pino";

/**
 * A pino logger writing JSON lines into `lines`, as Probot's logger writes
 * them in production and a collector reads them: for tests that count the
 * lines a request produces or look for what must never be logged.
 *
 * @example
 * const lines: string[] = [];
 * const log = jsonLogLines(lines);
 */
export function jsonLogLines(lines: string[]): Logger {
  return pino(
    { level: "info" },
    new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(...chunk.toString().split("\n").filter(Boolean));
        done();
      },
    }),
  );
}
