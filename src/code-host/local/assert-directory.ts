import { statSync } from "node:fs";
import { ConfigError } from "../../shared/errors.js";

/**
 * Throws a ConfigError unless `root` is a directory: what git would say of a
 * missing one is `spawn git ENOENT` (Node names the command when the working
 * directory it was given does not exist), which reads as if git were missing.
 * `expected` ends the message: what to give instead.
 *
 * @example
 * assertDirectory("/src/ap", "give --repo the top of a checkout or a bare clone")
 * // ConfigError: The directory /src/ap does not exist; give --repo the top of a checkout or a bare clone.
 */
export function assertDirectory(
  root: string,
  expected = "give the path of a checkout or a directory of code",
): void {
  let isDirectory: boolean;
  try {
    isDirectory = statSync(root).isDirectory();
  } catch {
    throw new ConfigError(`The directory ${root} does not exist; ${expected}.`);
  }
  if (!isDirectory)
    throw new ConfigError(`${root} is a file, not a directory; ${expected}.`);
}
