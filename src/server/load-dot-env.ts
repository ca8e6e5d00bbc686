import { readFileSync } from "node:fs";
import { parseEnv } from "node:util";

/**
 * Fills the environment from a `.env` file, never overriding a variable that
 * is already set (even to an empty value, which `dropEmptyVariables` then
 * turns into unset: `OPENAI_API_KEY= npm start` runs without the file's
 * model): what the operator passes to the process wins over a file left in
 * the working directory. Probot's own
 * loader does the opposite (`Object.assign(process.env, parsed)`), so
 * `OPENAI_API_KEY=sk-… npm start` next to the example `.env` ran without a
 * model. Returns the names it set. A missing file is no error.
 *
 * @example
 * loadDotEnv(process.env, ".env") // ["APP_ID", "WEBHOOK_SECRET"]
 */
export function loadDotEnv(
  env: Record<string, string | undefined>,
  path: string,
): string[] {
  let text: string;
  try {
    text = readFileSync(path, "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return [];
    throw error;
  }
  const set: string[] = [];
  for (const [name, value] of Object.entries(parseEnv(text))) {
    if (env[name] !== undefined) continue;
    env[name] = value;
    set.push(name);
  }
  return set;
}
