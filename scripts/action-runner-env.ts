import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";

/** A step's environment as the runner sets it, and the files it reads back. */
export interface ActionRunnerEnv {
  env: Record<string, string>;
  /** `GITHUB_OUTPUT`'s file: `readStepOutputs` reads it. */
  outputFile: string;
  /** `GITHUB_STEP_SUMMARY`'s file. */
  summaryFile: string;
}

/**
 * The environment the runner gives the Action's step for one event: the
 * payload written to `GITHUB_EVENT_PATH` (without `installation`, as the
 * runner's event file has none), `GITHUB_API_URL` at `apiUrl` (a stand-in's
 * `/api/v3`), `RUNNER_TEMP`, `GITHUB_WORKSPACE`, empty `GITHUB_OUTPUT` and `GITHUB_STEP_SUMMARY`
 * files, and each input as `INPUT_<NAME>`, upper-cased with its dashes kept
 * (`INPUT_GITHUB-TOKEN`), as the runner names them.
 * https://docs.github.com/en/actions/reference/workflows-and-actions/variables#default-environment-variables
 *
 * @example
 * const { env, outputFile } = actionRunnerEnv({ dir, eventName: "issue_comment", payload, apiUrl, inputs: { "github-token": "ghs_…" } });
 */
export function actionRunnerEnv(options: {
  /** Where the event, output, summary and temp files go (a fresh directory each). */
  dir: string;
  eventName: string;
  payload: { repository: { full_name: string } } & object;
  apiUrl: string;
  inputs: Record<string, string>;
  /** The workflow run and attempt (a re-run is the same run, the next attempt). */
  run?: { id: string; attempt: number };
  /** Where `actions/checkout` put the repository (default: an empty directory, a job with no checkout). */
  workspace?: string;
}): ActionRunnerEnv {
  const dir = mkdtempSync(join(options.dir, "step-"));
  const eventPath = join(dir, "event.json");
  const { installation: _none, ...event } = options.payload as {
    installation?: unknown;
  };
  writeFileSync(eventPath, JSON.stringify(event));
  const outputFile = join(dir, "output");
  const summaryFile = join(dir, "summary");
  writeFileSync(outputFile, "");
  writeFileSync(summaryFile, "");
  const inputs = Object.fromEntries(
    Object.entries(options.inputs).map(([name, value]) => [
      `INPUT_${name.toUpperCase()}`,
      value,
    ]),
  );
  return {
    env: {
      GITHUB_ACTIONS: "true",
      GITHUB_EVENT_NAME: options.eventName,
      GITHUB_EVENT_PATH: eventPath,
      GITHUB_REPOSITORY: options.payload.repository.full_name,
      GITHUB_API_URL: options.apiUrl,
      GITHUB_RUN_ID: options.run?.id ?? "7001",
      GITHUB_RUN_ATTEMPT: String(options.run?.attempt ?? 1),
      RUNNER_TEMP: mkdtempSync(join(dir, "temp-")),
      GITHUB_WORKSPACE:
        options.workspace ?? mkdtempSync(join(dir, "workspace-")),
      GITHUB_OUTPUT: outputFile,
      GITHUB_STEP_SUMMARY: summaryFile,
      ...inputs,
    },
    outputFile,
    summaryFile,
  };
}

/**
 * The outputs a step wrote to its `GITHUB_OUTPUT` file, in the form
 * @actions/core writes them (`name<<DELIMITER`, the value's lines,
 * `DELIMITER`).
 *
 * @example
 * readStepOutputs(outputFile)["answer-url"] // "http://127.0.0.1:…/issues/1#issuecomment-9000"
 */
export function readStepOutputs(file: string): Record<string, string> {
  const outputs: Record<string, string> = {};
  const lines = readFileSync(file, "utf8").split("\n");
  for (let i = 0; i < lines.length; i++) {
    const opened = /^([^<]+)<<(.+)$/.exec(lines[i]!);
    if (!opened) continue;
    const end = lines.indexOf(opened[2]!, i + 1);
    outputs[opened[1]!] = lines.slice(i + 1, end).join("\n");
    i = end;
  }
  return outputs;
}
