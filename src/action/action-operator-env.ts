import { join } from "node:path";
import type { ActionEnv } from "./read-action-env.js";

/**
 * The operator's settings the Action runs with, as the variables the App
 * reads (`loadOperatorConfig`), so one schema checks both: the workflow's
 * own `ASKCODE_*` variables (budgets, link hosts, limits) as set on the
 * step, then the inputs, then what a one-job run needs. Its stores and
 * caches live in `RUNNER_TEMP`, which the runner empties after the job:
 * nothing is kept from one run to the next (README, "Run it as a GitHub
 * Action"). No threads: one question's CPU work is on the event loop,
 * since nothing else waits on it and starting threads costs more.
 *
 * @example
 * loadOperatorConfig(actionOperatorEnv(readActionEnv(process.env), process.env))
 */
export function actionOperatorEnv(
  action: ActionEnv,
  env: Readonly<Record<string, string | undefined>>,
): Record<string, string> {
  const dir = join(action.runnerTemp, "askcode");
  const { inputs } = action;
  const settings: Record<string, string | undefined> = {
    ...Object.fromEntries(
      Object.entries(env).filter(([name]) => name.startsWith("ASKCODE_")),
    ),
    ASKCODE_DATA_DIR: join(dir, "data"),
    ASKCODE_BLOB_CACHE_DIR: join(dir, "blobs"),
    ASKCODE_CPU_THREADS: env.ASKCODE_CPU_THREADS ?? "0",
    ASKCODE_HANDLE: inputs.handle,
    ASKCODE_MODEL: inputs.model ?? env.ASKCODE_MODEL,
    OPENAI_API_KEY: inputs.modelApiKey,
    OPENAI_BASE_URL: inputs.modelBaseUrl,
    GITHUB_API_URL: action.apiUrl,
    LOG_LEVEL: action.debug ? "debug" : env.LOG_LEVEL,
    LOG_FORMAT: "pretty",
  };
  return Object.fromEntries(
    Object.entries(settings).filter(
      (entry): entry is [string, string] => entry[1] !== undefined,
    ),
  );
}
