import { readFileSync } from "node:fs";

/**
 * The hash of the compiled code this process runs (`dist/build-id.txt`,
 * written by `npm run build`), or undefined when it runs the TypeScript
 * sources, which have none: then nothing that depends on the code itself
 * is kept between runs.
 *
 * @example
 * readBuildId() // "3afa8473…" from dist/cli/build-id.js; undefined from src/cli/build-id.ts
 */
export function readBuildId(): string | undefined {
  try {
    const id = readFileSync(
      new URL("../build-id.txt", import.meta.url),
      "utf8",
    ).trim();
    return /^[0-9a-f]{64}$/.test(id) ? id : undefined;
  } catch {
    return undefined;
  }
}
