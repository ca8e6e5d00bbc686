import { readFileSync } from "node:fs";

/**
 * askcode's version, from package.json: two levels up from src/<folder>
 * and dist/<folder> alike.
 *
 * @example
 * packageVersion() // "0.1.0"
 */
export function packageVersion(): string {
  const text = readFileSync(
    new URL("../../package.json", import.meta.url),
    "utf8",
  );
  return (JSON.parse(text) as { version: string }).version;
}
