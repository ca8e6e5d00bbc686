import { createRequire } from "node:module";
import { fileURLToPath, pathToFileURL } from "node:url";

/**
 * A thread's entry file, given as its compiled `.js` and its `.ts` source
 * (each a literal `new URL(…, import.meta.url)` in the caller, which the
 * CLI's bundle checks; see scripts/bundle-cli.mjs): the `.js` from a
 * build; from the sources (tsx, Jest), the `.ts` file, which a thread
 * loads through tsx as the process does (threads do not share the main
 * thread's loaders).
 *
 * @example
 * threadFile(new URL("./parse-thread.js", import.meta.url), new URL("./parse-thread.ts", import.meta.url))
 */
export function threadFile(
  compiled: URL,
  source: URL,
): { filename: string; execArgv?: string[] } {
  if (!fileURLToPath(import.meta.url).endsWith(".ts"))
    return { filename: compiled.href };
  const tsx = pathToFileURL(createRequire(import.meta.url).resolve("tsx")).href;
  return { filename: source.href, execArgv: ["--import", tsx] };
}
