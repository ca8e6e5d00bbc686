/**
 * A command-line option's value as a positive whole number, or undefined
 * when the option was not given. Throws, naming the option and the value,
 * on anything else: `${name} must be ${noun}, got "${value}".`, then the
 * command's usage when one is given.
 *
 * @example
 * positiveInteger("--per-repo", "4")    // 4
 * positiveInteger("--per-repo", "two")  // throws '--per-repo must be a positive integer, got "two".'
 */
export function positiveInteger(
  name: string,
  value: string | undefined,
  {
    noun = "a positive integer",
    usage,
  }: { noun?: string; usage?: string } = {},
): number | undefined {
  if (value === undefined) return undefined;
  const n = Number(value);
  if (!Number.isInteger(n) || n <= 0)
    throw new Error(
      `${name} must be ${noun}, got "${value}".${usage ? `\n\n${usage}` : ""}`,
    );
  return n;
}
