import { LineCounter, parseDocument, type Document } from "yaml";
import { z } from "zod";
import { isPlainObject } from "../config/config-problem.js";
import { describeIssue, valueAt } from "../config/describe-zod-issue.js";
import { describeStepsFit } from "../config/describe-steps-fit.js";
import { didYouMean } from "../config/did-you-mean.js";
import {
  allowedFor,
  fieldAt,
  objectInside,
} from "../config/parse-config-fields.js";
import { defaultRepoConfig } from "../config/parse-repo-config.js";
import { ConfigError } from "../shared/errors.js";
import { missionSchema, type Mission } from "./mission-schema.js";
import { outputSections } from "./output-sections.js";
import { foldBudgets } from "./resolve-run-settings.js";
import {
  locateYamlKey,
  locateYamlPath,
  type YamlLocation,
} from "./yaml-location.js";

/**
 * Parses and validates one mission file. Throws a `ConfigError` that names
 * the file, the line and the key of every mistake (`file:line:col`, which
 * terminals and editors link), what was found and what is allowed: a
 * mission is checked at start, and its author fixes it from this message.
 *
 * @example
 * parseMissionFile("name: triage\n…", "missions/triage.yaml") // Mission
 * parseMissionFile("name: triage\ntools: [grep]\n…", "missions/triage.yaml")
 * // throws ConfigError: missions/triage.yaml:2:9 `tools[0]` is not an allowed value ("grep"). …
 */
export function parseMissionFile(text: string, file: string): Mission {
  const lineCounter = new LineCounter();
  const doc = parseDocument(text, { lineCounter, prettyErrors: true });
  const syntax = doc.errors[0];
  if (syntax) {
    const at = syntax.linePos?.[0];
    // yaml's message ends its first line with the position we already show.
    const [first = "", ...context] = syntax.message.split("\n");
    const message = first.replace(/ at line \d+, column \d+:?$/, "");
    throw new ConfigError(
      [
        `${where(file, at)} is not valid YAML: ${message}.`,
        ...context.filter((line) => line.trim() !== ""),
        fixIt(),
      ].join("\n"),
    );
  }
  const data: unknown = doc.toJS();
  if (!isPlainObject(data)) {
    throw new ConfigError(
      `${file} is ${data == null ? "empty" : "not a map of keys"}: a mission needs name, description, labels, instructions, tools and output.\n${fixIt()}`,
    );
  }
  const parsed = missionSchema.safeParse(data);
  if (!parsed.success) {
    // In file order, as the author will fix them; missing keys (no line) last.
    const lines = parsed.error.issues
      .flatMap((issue) =>
        describeMissionIssue(issue, data, file, doc, lineCounter),
      )
      .sort((a, b) => (a.at?.line ?? Infinity) - (b.at?.line ?? Infinity))
      .map(({ text }) => `  ${text}`);
    throw new ConfigError(
      [`${file} is not a valid mission:`, ...lines, fixIt()].join("\n"),
    );
  }
  const short = stepsShortfall(parsed.data);
  if (short) {
    const at = locateYamlPath(doc, lineCounter, short.key);
    throw new ConfigError(
      [
        `${file} is not a valid mission:`,
        `  ${where(file, at)} ${short.text}`,
        fixIt(),
      ].join("\n"),
    );
  }
  return {
    ...parsed.data,
    // GitHub labels ignore case: "Bug" and "bug" are one label, listed once.
    labels: parsed.data.labels.filter(
      (label, i, all) =>
        all.findIndex(
          (other) => other.toLowerCase() === label.toLowerCase(),
        ) === i,
    ),
    file,
    sections: outputSections(parsed.data.output),
  };
}

// A mission that sets its steps or token budgets must pay for its own
// steps (tokensForSteps): what it leaves unset counts at the repository
// defaults. Unlike a repository's, a mission is the operator's to fix now.
function stepsShortfall(
  mission: z.output<typeof missionSchema>,
): { key: string[]; text: string } | undefined {
  const { max_steps: maxSteps, budgets: own = {} } = mission;
  const { context, tool_result: toolResult, run } = own;
  if ([maxSteps, context, toolResult, run].every((v) => v === undefined))
    return undefined;
  const defaults = defaultRepoConfig();
  const steps = maxSteps ?? defaults.max_steps;
  const budgets = foldBudgets(defaults.budgets, own);
  const short = describeStepsFit(budgets, steps);
  if (!short) return undefined;
  const key =
    run !== undefined
      ? ["budgets", "run"]
      : maxSteps !== undefined
        ? ["max_steps"]
        : ["budgets"];
  return {
    key,
    text: `\`budgets.run\` (${budgets.run}) fits only ${short.fits} of the ${steps} tool calls \`max_steps\` allows: ${short.because} (budgets the mission leaves unset count at the repository defaults). Allowed: \`budgets.run\` at least ${short.needed}, or \`max_steps\` at most ${short.fits}.`,
  };
}

function describeMissionIssue(
  issue: z.core.$ZodIssue,
  data: Record<string, unknown>,
  file: string,
  doc: Document,
  lineCounter: LineCounter,
): { at: YamlLocation | undefined; text: string }[] {
  if (issue.code === "unrecognized_keys") {
    const parent = objectInside(fieldAt(missionSchema, issue.path));
    const known = Object.keys(parent?.shape ?? {});
    return issue.keys.map((key) => {
      const suggestion = didYouMean(key, known);
      const at = locateYamlKey(doc, lineCounter, issue.path, key);
      const hint = suggestion
        ? ` Did you mean \`${formatKey([...issue.path, suggestion])}\`?`
        : "";
      return {
        at,
        text: `${where(file, at)} \`${formatKey([...issue.path, key])}\` is not a mission key.${hint} Allowed: ${known.join(", ")}.`,
      };
    });
  }
  const value = valueAt(data, issue.path);
  const at = locateYamlPath(doc, lineCounter, issue.path);
  const found = value === undefined ? "" : ` (${JSON.stringify(value)})`;
  const allowed = allowedFor(fieldAt(missionSchema, issue.path));
  const problem = describeIssue({ ...issue, path: [] }, value);
  return [
    {
      at,
      text: `${where(file, at)} \`${formatKey(issue.path)}\` ${problem}${found}.${allowed ? ` Allowed: ${allowed}.` : ""}`,
    },
  ];
}

function where(file: string, at: YamlLocation | undefined): string {
  return at ? `${file}:${at.line}:${at.col}` : file;
}

// `budgets.context`, `tools[1]`: how the key reads to someone editing YAML.
function formatKey(path: readonly PropertyKey[]): string {
  return path
    .map((part, i) =>
      typeof part === "number"
        ? `[${part}]`
        : `${i === 0 ? "" : "."}${String(part)}`,
    )
    .join("");
}

function fixIt(): string {
  return "Fix the mission file (or move it out of the missions directory) and start askcode again.";
}
