import { createRequire } from "node:module";
import { fileURLToPath, pathToFileURL } from "node:url";

/**
 * A thread's entry file in this folder, named without its extension: the
 * compiled `.js` in `dist/`; from the sources (tsx, Jest), the `.ts` file,
 * which a thread loads through tsx as the process does (threads do not
 * share the main thread's loaders).
 *
 * @example
 * new Worker(new URL(threadFile("parse-thread").filename), threadFile("parse-thread"))
 */
export function threadFile(name: string): {
  filename: string;
  execArgv?: string[];
} {
  const self = fileURLToPath(import.meta.url);
  if (!self.endsWith(".ts"))
    return { filename: new URL(`./${name}.js`, import.meta.url).href };
  const tsx = pathToFileURL(createRequire(import.meta.url).resolve("tsx")).href;
  return {
    filename: new URL(`./${name}.ts`, import.meta.url).href,
    execArgv: ["--import", tsx],
  };
}
