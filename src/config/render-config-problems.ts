import type { ConfigProblem } from "./config-problem.js";
import { REPO_CONFIG_PATH } from "./repo-config-path.js";

const MAX_VALUE_CHARS = 80;

/**
 * The Markdown a comment shows when `.github/askcode.yml` has problems: one
 * line per key saying what is wrong, what was found, what is allowed and
 * what askcode used instead, so the fix needs no trip to the docs. Values
 * from the file are shown in code spans, where an `@name` pings no one and
 * Markdown does not render. Empty string when there is nothing to say.
 *
 * @example
 * renderConfigProblems([{ key: "max_steps", message: "is more than 50",
 *   allowed: "a whole number from 1 to 50", received: 80,
 *   outcome: "used-default", used: 8 }])
 * // "**`.github/askcode.yml` has a problem.** …
 * //  - `max_steps: 80` is more than 50. Allowed: a whole number from 1
 * //    to 50. Used the default, `8`."
 */
export function renderConfigProblems(
  problems: readonly ConfigProblem[],
  file = REPO_CONFIG_PATH,
): string {
  if (problems.length === 0) return "";
  const count =
    problems.length === 1 ? "a problem" : `${problems.length} problems`;
  // A file that is not YAML or not a map gives nothing to keep.
  const whole = problems.some((problem) => problem.key === "");
  const effect = whole
    ? "askcode used its default settings."
    : "askcode used its defaults where a key was wrong; the rest of the file applies.";
  return [
    `**${codeSpan(file)} has ${count}.** ${effect}`,
    "",
    ...problems.map((problem) => `- ${renderProblem(problem)}`),
    "",
    `<sub>Settings can also come from the organisation's \`.github\` repository or a file named in \`_extends\`.</sub>`,
  ].join("\n");
}

// The key and the value found, as the YAML reads (`max_steps: 80`), then what is wrong with it.
function renderProblem(problem: ConfigProblem): string {
  const subject =
    problem.key === ""
      ? "The file"
      : codeSpan(
          problem.received === undefined
            ? problem.key
            : `${problem.key}: ${formatValue(problem.received)}`,
        );
  const parts = [`${subject} ${problem.message}.`];
  if (problem.suggestion)
    parts.push(`Did you mean ${codeSpan(problem.suggestion)}?`);
  if (problem.allowed) parts.push(`Allowed: ${problem.allowed}.`);
  parts.push(renderOutcome(problem));
  return parts.join(" ");
}

function renderOutcome(problem: ConfigProblem): string {
  switch (problem.outcome) {
    case "ignored":
      return "Ignored it.";
    case "adjusted":
      return `Used ${codeSpan(formatValue(problem.used))}.`;
    case "kept":
      return "Kept it.";
    case "used-default":
      if (problem.key === "") return "Used the defaults for every key.";
      return problem.used === undefined
        ? "Used the default."
        : `Used the default, ${codeSpan(formatValue(problem.used))}.`;
  }
}

function formatValue(value: unknown): string {
  const text = JSON.stringify(value) ?? String(value);
  return text.length <= MAX_VALUE_CHARS
    ? text
    : `${text.slice(0, MAX_VALUE_CHARS - 1)}…`;
}

// A code span whose fence is longer than any backtick run inside it, so no
// value from the file can close it early (CommonMark 6.1).
function codeSpan(text: string): string {
  const longest = Math.max(
    0,
    ...(text.match(/`+/g) ?? []).map((run) => run.length),
  );
  const fence = "`".repeat(longest + 1);
  const pad = text.startsWith("`") || text.endsWith("`") ? " " : "";
  return `${fence}${pad}${text}${pad}${fence}`;
}
