import { codeSpan } from "./render-footer.js";
import type { RepoConfig } from "../config/repo-config-schema.js";
import { COMMANDS, describeCommand } from "../question/commands.js";
import type { RunSettings } from "../missions/resolve-run-settings.js";

const OUTSIDERS: Record<RepoConfig["outsiders"], string> = {
  model: "the model's answer",
  retrieval:
    "an answer from a search of the code alone, which a member can turn into the model's with `/retry`",
  none: "no answer",
};

export interface HelpInput {
  /** What people mention here. */
  handle: string;
  config: RepoConfig;
  /** The run's settings as a question here gets them (the operator's and the repository's, folded). */
  settings: Pick<RunSettings, "model" | "budgets" | "maxSteps">;
  /** A model answers here; false: every answer comes from a search of the code. */
  modelConfigured: boolean;
  /** The labels of the missions that run here, by mission name. */
  missions: ReadonlyArray<{ name: string; labels: readonly string[] }>;
}

/**
 * `/help`'s reply: how to ask, the commands (from `COMMANDS`, the table the
 * parser reads, so the list cannot drift from what askcode does), and this
 * repository's settings that shape an answer: the model or none, the
 * budget, who may ask, how progress shows, what is never read, which
 * labels start missions.
 *
 * @example
 * renderHelp({ handle: "askcode", config, settings, modelConfigured: true, missions: [] })
 * // "Ask a question by mentioning `@askcode` in an issue, …\n\n| command | what it does |\n…"
 */
export function renderHelp(input: HelpInput): string {
  const { handle, config, settings } = input;
  const mention = codeSpan(`@${handle}`);
  const rows = COMMANDS.map(
    (c) => `| \`@${handle} ${c.usage}\` | ${describeCommand(c)} |`,
  );
  const who = config.allowed_associations.join(", ");
  const answers = input.modelConfigured
    ? `The model ${codeSpan(settings.model)} answers, from up to ${settings.budgets.context.toLocaleString("en")} tokens of context and ${settings.maxSteps} tool calls.`
    : "No model is configured: answers come from a search of the code.";
  const settingsLines = [
    `- ${answers}`,
    `- Who may ask: ${who} (\`allowed_associations\`).`,
    `- People outside the repository get ${OUTSIDERS[config.outsiders]} (\`outsiders\`).`,
    `- Progress: \`${config.progress}\` (\`progress\`).`,
    ...(config.exclude_paths.length > 0
      ? [
          `- Never read: ${config.exclude_paths.map((p) => codeSpan(p)).join(", ")} (\`exclude_paths\`).`,
        ]
      : []),
    ...(input.missions.length > 0
      ? [
          `- Missions, started by a label: ${input.missions.map((m) => `${codeSpan(m.labels[0] ?? m.name)} (${m.name})`).join(", ")}.`,
        ]
      : []),
  ];
  return [
    `Ask a question by mentioning ${mention} in an issue, a pull request, a review comment or a discussion; the answer links every place it cites at the commit it read. A command goes first, right after the mention; a command with no question takes the thread's previous one.`,
    "",
    "| command | what it does |",
    "| --- | --- |",
    ...rows,
    "",
    "**In this repository** (`.github/askcode.yml`):",
    ...settingsLines,
    "",
    "<sub>askcode</sub>",
  ].join("\n");
}
