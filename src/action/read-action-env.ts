import { tmpdir } from "node:os";
import { ConfigError } from "../shared/errors.js";

/** What the Action runs with: the runner's variables and the workflow's inputs, checked. */
export interface ActionEnv {
  /** `GITHUB_EVENT_NAME`: "issue_comment", "issues", … */
  eventName: string;
  /** `GITHUB_EVENT_PATH`: the event's payload, as the webhook would have sent it. */
  eventPath: string;
  /** `GITHUB_REPOSITORY`: "owner/repo", for the log. */
  repository: string;
  /** `GITHUB_API_URL`: the REST API's root (GitHub Enterprise Server's `/api/v3` too). */
  apiUrl: string;
  /** `GITHUB_RUN_ID` and `GITHUB_RUN_ATTEMPT`: the delivery's id in the log. */
  runId: string;
  /** `RUNNER_TEMP`: the job's scratch directory, emptied after it. */
  runnerTemp: string;
  /**
   * `GITHUB_WORKSPACE`: where `actions/checkout` put the repository, whose
   * `git log` the co-change tier reads (none: the tier is off).
   */
  workspace?: string;
  /** `RUNNER_DEBUG=1`: the step's debug logging is on. */
  debug: boolean;
  inputs: {
    /** The token the Action reads and writes with (the workflow's `GITHUB_TOKEN`, or an App's). */
    githubToken: string;
    modelApiKey?: string;
    modelBaseUrl?: string;
    model?: string;
    /** The handle a mention must name (the repository's `handle` wins): askcode unless the workflow says. */
    handle: string;
    /** Whose comments the replies are (`<slug>[bot]`): github-actions for the workflow's token. */
    appSlug: string;
  };
}

/** The Action's inputs, as action.yml declares them (test/unit/action/action-yml.test.ts checks it). */
export const ACTION_INPUTS = [
  "github-token",
  "model-api-key",
  "model-base-url",
  "model",
  "handle",
  "app-slug",
] as const;

/**
 * The name the runner gives an input's variable: `INPUT_` and the name
 * upper-cased, spaces made underscores, dashes kept (`INPUT_GITHUB-TOKEN`),
 * as @actions/core's `getInput` reads it.
 * https://docs.github.com/en/actions/reference/workflows-and-actions/metadata-syntax#inputs
 */
export function inputVariable(name: (typeof ACTION_INPUTS)[number]): string {
  return `INPUT_${name.replace(/ /g, "_").toUpperCase()}`;
}

/**
 * Reads the runner's environment, as the runner sets it for a step
 * (https://docs.github.com/en/actions/reference/workflows-and-actions/variables#default-environment-variables),
 * and the Action's inputs. An empty input is an input not given (the runner
 * sets every declared input, empty when the workflow left it out). A
 * missing variable or input throws one `ConfigError` naming each, with what
 * to do.
 *
 * @example
 * readActionEnv(process.env).inputs.githubToken // "ghs_…"
 */
export function readActionEnv(
  env: Readonly<Record<string, string | undefined>>,
): ActionEnv {
  const given = (name: string) => {
    const value = env[name]?.trim();
    return value ? value : undefined;
  };
  const input = (name: (typeof ACTION_INPUTS)[number]) =>
    given(inputVariable(name));
  const missing: string[] = [];
  const required = (name: string, hint: string) => {
    const value = given(name);
    if (value === undefined) missing.push(`${name} is not set: ${hint}`);
    return value ?? "";
  };
  const runnerSets = "the runner sets it; run askcode as a step of a workflow";
  const eventName = required("GITHUB_EVENT_NAME", runnerSets);
  const eventPath = required("GITHUB_EVENT_PATH", runnerSets);
  const githubToken = input("github-token");
  if (githubToken === undefined)
    missing.push(
      `the input github-token (${inputVariable("github-token")}) is empty: leave it out for the workflow's token, or pass an App's token`,
    );
  if (missing.length > 0)
    throw new ConfigError(`askcode cannot run: ${missing.join("; ")}.`);
  const runAttempt = given("GITHUB_RUN_ATTEMPT") ?? "1";
  return {
    eventName,
    eventPath,
    repository: given("GITHUB_REPOSITORY") ?? "",
    apiUrl: given("GITHUB_API_URL") ?? "https://api.github.com",
    runId: `${given("GITHUB_RUN_ID") ?? "local"}.${runAttempt}`,
    runnerTemp: given("RUNNER_TEMP") ?? tmpdir(),
    ...optional("workspace", given("GITHUB_WORKSPACE")),
    debug: given("RUNNER_DEBUG") === "1",
    inputs: {
      githubToken: githubToken ?? "",
      ...optional("modelApiKey", input("model-api-key")),
      ...optional("modelBaseUrl", input("model-base-url")),
      ...optional("model", input("model")),
      handle: input("handle") ?? "askcode",
      appSlug: input("app-slug") ?? "github-actions",
    },
  };
}

function optional<K extends string>(
  key: K,
  value: string | undefined,
): Partial<Record<K, string>> {
  return value === undefined ? {} : ({ [key]: value } as Record<K, string>);
}
