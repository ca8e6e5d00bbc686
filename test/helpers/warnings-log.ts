/**
 * A log that keeps each warning it is told, as `[meta, message]`, so a test
 * can assert that a failure askcode goes on from was logged once, with its
 * cause as `err`.
 *
 * @example
 * const log = warningsLog();
 * await tellRetry(comment, error, next, { clock, log });
 * expect(log.warnings).toStrictEqual([[{ err: refused }, "askcode could not tell …"]]);
 */
export function warningsLog() {
  const warnings: Array<[object, string]> = [];
  return {
    warnings,
    warn: (meta: object, message: string) =>
      void warnings.push([meta, message]),
  };
}

/** A log for a test where nothing fails: a warning is a bug the test should see. */
export const noWarnings = {
  warn(meta: object, message: string): void {
    throw new Error(
      `a warning was logged where nothing failed: ${message} ${JSON.stringify(meta)}`,
    );
  },
};
