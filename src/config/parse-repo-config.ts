import type { z } from "zod";
import { MEMBER_ASSOCIATIONS, type Association } from "./config-fields.js";
import type { BudgetKey } from "./budget-limits.js";
import { isPlainObject, type ConfigProblem } from "./config-problem.js";
import { describeStepsFit } from "./describe-steps-fit.js";
import { describeValue } from "./describe-zod-issue.js";
import { didYouMean } from "./did-you-mean.js";
import { parseConfigFields } from "./parse-config-fields.js";
import { repoConfigSchema, type RepoConfig } from "./repo-config-schema.js";

export interface ParseRepoConfigOptions {
  /**
   * The missions the operator installed. When given, names in
   * `missions.enabled` that match none are reported (with a "did you mean").
   */
  missionNames?: readonly string[];
  /**
   * The operator's ceiling on `budgets.run` (`ASKCODE_MAX_RUN_TOKENS`): a
   * larger budget is cut to it, reported when the file asked for more.
   */
  maxRunTokens?: number;
}

/**
 * Validates what `context.config("askcode.yml")` returned. Never throws: a
 * wrong key is reported and replaced by its default, and every valid key
 * still applies, so one typo does not switch off a repository's settings.
 * `null` or `undefined` (no file anywhere) gives the defaults.
 *
 * @example
 * const { config, problems } = parseRepoConfig({ budgets: { context: "lots", run: 90000 } });
 * config.budgets.run      // 90000 (valid, kept)
 * config.budgets.context  // 12000 (the default)
 * problems[0]?.key        // "budgets.context"
 */
export function parseRepoConfig(
  raw: unknown,
  options: ParseRepoConfigOptions = {},
): { config: RepoConfig; problems: ConfigProblem[] } {
  const problems: ConfigProblem[] = [];
  let input: Record<string, unknown> = {};
  if (isPlainObject(raw)) input = raw;
  else if (raw !== null && raw !== undefined) {
    problems.push({
      key: "",
      message: `is ${describeValue(raw)}, not a map of settings`,
      allowed: "a map of settings such as `enabled: true`",
      received: raw,
      outcome: "used-default",
    });
  }
  const parsed = parseConfigFields(
    repoConfigSchema,
    input,
    "",
    problems,
  ) as z.output<typeof repoConfigSchema>;
  const { _extends, trigger, model, handle, ...rest } = parsed;
  const config: RepoConfig = {
    ...rest,
    handle: handle?.replace(/^@/, "").toLowerCase(),
    allowed_associations: resolveAssociations(parsed, input, problems),
    ...(model === undefined
      ? {}
      : { model: typeof model === "string" ? { name: model } : model }),
  };
  capRunTokens(config, input, options.maxRunTokens, problems);
  fitBudgetsInRun(config, problems);
  checkStepsFitRun(config, input, problems);
  if (options.missionNames)
    checkMissionNames(config, options.missionNames, problems);
  return { config, problems };
}

/**
 * The settings of a repository with no `.github/askcode.yml`.
 *
 * @example
 * defaultRepoConfig().max_steps // 8
 */
export function defaultRepoConfig(): RepoConfig {
  return parseRepoConfig(undefined).config;
}

// `trigger: members` is shorthand; an explicit, valid list is more precise and wins.
function resolveAssociations(
  parsed: z.output<typeof repoConfigSchema>,
  input: Record<string, unknown>,
  problems: ConfigProblem[],
): Association[] {
  const listed =
    input.allowed_associations != null && // `key:` alone is unset
    !problems.some((problem) => problem.key === "allowed_associations");
  if (listed && parsed.trigger !== undefined) {
    problems.push({
      key: "trigger",
      message: "is set together with `allowed_associations`, which wins",
      received: parsed.trigger,
      outcome: "ignored",
    });
  }
  const associations =
    !listed && parsed.trigger === "members"
      ? MEMBER_ASSOCIATIONS
      : parsed.allowed_associations;
  // Probot's merge of org defaults concatenates lists; repeats mean nothing.
  return [...new Set(associations)];
}

// The operator pays for the tokens: no repository spends more than allowed.
// The default budget is cut silently; only a value the file set is reported.
function capRunTokens(
  config: RepoConfig,
  input: Record<string, unknown>,
  ceiling: number | undefined,
  problems: ConfigProblem[],
): void {
  const { budgets } = config;
  if (ceiling === undefined || budgets.run <= ceiling) return;
  if (wrote(input, "budgets.run", problems))
    problems.push({
      key: "budgets.run",
      message: `is more than this askcode allows one answer to spend (${ceiling} tokens, its operator's \`ASKCODE_MAX_RUN_TOKENS\`)`,
      allowed: `at most ${ceiling}`,
      received: budgets.run,
      outcome: "adjusted",
      used: ceiling,
    });
  budgets.run = ceiling;
}

// The first message and each tool result are spent from the run's budget,
// so neither may exceed it; cut them to the run's size rather than fail later.
function fitBudgetsInRun(config: RepoConfig, problems: ConfigProblem[]): void {
  const { budgets } = config;
  for (const key of ["context", "tool_result"] as const satisfies BudgetKey[]) {
    if (budgets[key] <= budgets.run) continue;
    problems.push({
      key: `budgets.${key}`,
      message: `is more than \`budgets.run\` (${budgets.run}), the whole run's budget it is spent from; raise \`budgets.run\` to allow more`,
      allowed: "at most `budgets.run`",
      received: budgets[key],
      outcome: "adjusted",
      used: budgets.run,
    });
    budgets[key] = budgets.run;
  }
}

// `max_steps` promises tool calls that the run budget must pay for: each
// request resends the conversation, so the cost grows with the square of the
// steps (tokensForSteps). A file whose own numbers break that promise is
// told so, with the arithmetic; its values are kept (a smaller run may be
// meant as a cost cap, and most results are not full-size). Defaults alone
// always fit, and the operator's ceiling alone is not the file's to fix.
function checkStepsFitRun(
  config: RepoConfig,
  input: Record<string, unknown>,
  problems: ConfigProblem[],
): void {
  const keys = [
    "max_steps",
    "budgets.context",
    "budgets.tool_result",
    "budgets.run",
  ];
  if (!keys.some((key) => wrote(input, key, problems))) return;
  const short = describeStepsFit(config.budgets, config.max_steps);
  if (!short) return;
  problems.push({
    key: "budgets.run",
    message: `fits only ${short.fits} of the ${config.max_steps} tool calls \`max_steps\` allows: ${short.because}`,
    allowed: `at least ${short.needed} for \`max_steps: ${config.max_steps}\`, or \`max_steps\` at most ${short.fits}`,
    received: config.budgets.run,
    outcome: "kept",
  });
}

// Whether the file set this dotted key to a value that was read as written.
function wrote(
  input: Record<string, unknown>,
  key: string,
  problems: readonly ConfigProblem[],
): boolean {
  let value: unknown = input;
  for (const part of key.split(".")) {
    if (!isPlainObject(value)) return false;
    value = value[part];
  }
  // `key:` alone is unset; a reported value was replaced.
  return value != null && !problems.some((problem) => problem.key === key);
}

function checkMissionNames(
  config: RepoConfig,
  missionNames: readonly string[],
  problems: ConfigProblem[],
): void {
  const { enabled } = config.missions;
  if (!Array.isArray(enabled)) return;
  const known = enabled.filter((name) => missionNames.includes(name));
  for (const name of enabled) {
    if (missionNames.includes(name)) continue;
    const suggestion = didYouMean(name, missionNames);
    problems.push({
      key: "missions.enabled",
      message: "names a mission this askcode does not have",
      allowed: missionNames.length
        ? `names of installed missions: ${missionNames.join(", ")}`
        : "no names: this askcode has no missions installed",
      received: name,
      outcome: "adjusted",
      used: known,
      ...(suggestion ? { suggestion } : {}),
    });
  }
  config.missions.enabled = known;
}
