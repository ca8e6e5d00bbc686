import type { WarnLog } from "../shared/burst-warning.js";

/** Where the CLI's caches report a failing disk: one line on stderr, named as askcode's. */
export const stderrLog: WarnLog = {
  warn: (_meta, message) => process.stderr.write(`askcode: ${message}\n`),
};
