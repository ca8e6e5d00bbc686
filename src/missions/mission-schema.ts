import { z } from "zod";
import {
  budgetMeta,
  budgetSchema,
  modelField,
} from "../config/config-fields.js";
import type { BudgetKey } from "../config/budget-limits.js";

/**
 * The tools a mission may let the model use, named as the model sees them
 * (docs/architecture/agent-loop.md, "Tools").
 */
export const MISSION_TOOL_NAMES = [
  "search_repository_code",
  "read_file_contents",
  "list_directory_contents",
] as const;

export type MissionToolName = (typeof MISSION_TOOL_NAMES)[number];

// A mission budget overrides the repository's; unset, the repository's applies.
function optionalBudget(key: BudgetKey) {
  return budgetSchema(key).optional().meta(budgetMeta(key));
}

/**
 * One `missions/<name>.yaml`: a task askcode runs when an issue gets one of
 * its labels. Written by the operator, validated at start; unlike a
 * repository's config, a wrong mission stops askcode from starting, because
 * the operator is there to fix it and a half-loaded mission would misbehave
 * on every issue it touches.
 */
export const missionSchema = z.strictObject({
  /** How repositories name the mission in `missions.enabled`: lower-case snake_case. */
  name: z
    .string()
    .regex(/^[a-z][a-z0-9_]{0,62}$/)
    .meta({
      allowed:
        "lower-case letters, digits and `_`, starting with a letter, such as `bug_triage`",
    }),
  /** One line for maintainers: what the mission does and when to use its label. */
  description: z
    .string()
    .trim()
    .min(1)
    .max(300)
    .meta({ allowed: "one line of text, at most 300 characters" }),
  /** The labels that start the mission, compared without regard to case. */
  labels: z.array(z.string().trim().min(1).max(50)).min(1).meta({
    allowed:
      "a non-empty list of label names (GitHub allows 50 characters each)",
  }),
  /** What the model is asked to do: the mission's part of the system prompt. */
  instructions: z
    .string()
    .trim()
    .min(1)
    .meta({ allowed: "text: the mission's instructions to the model" }),
  /** The tools the model may call during the mission. */
  tools: z
    .array(z.enum(MISSION_TOOL_NAMES))
    .min(1)
    .meta({
      allowed: `a non-empty list of ${MISSION_TOOL_NAMES.join(", ")}`,
    }),
  /** Budgets that override the repository's for this mission. */
  budgets: z
    .strictObject({
      context: optionalBudget("context"),
      tool_result: optionalBudget("tool_result"),
      run: optionalBudget("run"),
      wall_time_seconds: optionalBudget("wall_time_seconds"),
    })
    .optional()
    .meta({
      allowed:
        "a map with any of `context`, `tool_result`, `run`, `wall_time_seconds`",
    }),
  /** Tool calls for this mission (one per model turn), overriding the repository's `max_steps`. */
  max_steps: z
    .number()
    .int()
    .min(1)
    .max(50)
    .optional()
    .meta({ allowed: "a whole number from 1 to 50" }),
  /** The model for this mission, overriding the repository's and the operator's. */
  model: modelField.optional().meta({
    allowed:
      "a model name, or a map with `name` and an optional `context_window` (tokens)",
  }),
  /**
   * The answer's shape: Markdown whose `##` headings are the sections the
   * answer must fill, in order, each with a line saying what goes there.
   */
  output: z
    .string()
    .regex(/^#{2,3} \S/m)
    .meta({
      allowed:
        "Markdown with at least one `## Section` heading for the answer to fill",
    }),
});

/** A mission file as written. */
export type MissionFile = z.output<typeof missionSchema>;

/** A loaded mission: the file's settings, where it came from, and its output sections. */
export interface Mission extends MissionFile {
  /** The file it was loaded from, as given to `loadMissions` (for messages). */
  file: string;
  /** The headings of `output`, in order: what the answer must fill. */
  sections: string[];
}
