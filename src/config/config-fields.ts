import { z } from "zod";

/**
 * Every `author_association` GitHub gives a comment or issue.
 * https://docs.github.com/en/graphql/reference/enums#commentauthorassociation
 */
export const ASSOCIATIONS = [
  "OWNER",
  "MEMBER",
  "COLLABORATOR",
  "CONTRIBUTOR",
  "FIRST_TIME_CONTRIBUTOR",
  "FIRST_TIMER",
  "NONE",
  "MANNEQUIN",
] as const;

export type Association = (typeof ASSOCIATIONS)[number];

/** Everyone who can comment on a public repository (a mannequin cannot). */
export const DEFAULT_ASSOCIATIONS: readonly Association[] = ASSOCIATIONS.filter(
  (association) => association !== "MANNEQUIN",
);

/** `trigger: members`: the people with a standing in the repository. */
export const MEMBER_ASSOCIATIONS: readonly Association[] = [
  "OWNER",
  "MEMBER",
  "COLLABORATOR",
];

/**
 * The bounds and defaults of each budget. A repository's config and a
 * mission file both set budgets; both take them from here.
 */
export const BUDGET_LIMITS = {
  context: {
    min: 1000,
    max: 1_000_000,
    default: 12_000,
    unit: "tokens",
    description:
      "Tokens for the packed first message: question, issue thread and retrieved code.",
  },
  tool_result: {
    min: 200,
    max: 200_000,
    default: 4000,
    unit: "tokens",
    description:
      "Tokens for each tool result; longer results are cut with a note saying how to get the rest.",
  },
  run: {
    min: 1000,
    max: 10_000_000,
    // 8 steps (DEFAULT_MAX_STEPS) with full-size tool results, then the
    // answer, need 287,864 (tokensForSteps; README, "Configure a repository").
    default: 300_000,
    unit: "tokens",
    description:
      "Tokens the whole run may spend: prompt plus reply of every model request, and each request resends the conversation so far, so the cost grows with the square of the steps. The defaults' 8 tool calls with full-size results, then the answer, need 287,864; a budget too small for `max_steps` is reported.",
  },
  wall_time_seconds: {
    min: 10,
    max: 1800,
    default: 180,
    unit: "seconds",
    description:
      "Seconds a run may take before the model is asked for its best answer.",
  },
} as const;

export type BudgetKey = keyof typeof BUDGET_LIMITS;

/** Tool calls a run may make when neither the repository nor a mission says (`max_steps`). */
export const DEFAULT_MAX_STEPS = 8;

/** A budget's bounds, without a default (mission files leave unset budgets to the repository). */
export function budgetSchema(key: BudgetKey) {
  const { min, max } = BUDGET_LIMITS[key];
  return z.number().int().min(min).max(max);
}

/** What the editor hover and the problem report say about a budget. */
export function budgetMeta(key: BudgetKey): {
  description: string;
  allowed: string;
} {
  const { min, max, unit, description } = BUDGET_LIMITS[key];
  return {
    description,
    allowed: `a whole number of ${unit} from ${min} to ${max}`,
  };
}

/**
 * A budget key of `.github/askcode.yml`, with its default.
 *
 * @example
 * budgetField("context").parse(undefined) // 12000
 */
export function budgetField(key: BudgetKey) {
  return budgetSchema(key)
    .default(BUDGET_LIMITS[key].default)
    .meta(budgetMeta(key));
}

/**
 * A GitHub login or app slug, optionally with its `@`: letters, digits and
 * single inner hyphens, at most 39 characters, as GitHub allows.
 */
export const handleField = z
  .string()
  .regex(/^@?[A-Za-z0-9](?:[A-Za-z0-9]|-(?=[A-Za-z0-9])){0,38}$/);

/** `model: gpt-4o`, or `model: { name: gpt-4o, context_window: 128000 }`. */
export const modelField = z.union([
  z.string().min(1).max(200),
  z.strictObject({
    /** The model's name as the endpoint knows it. */
    name: z.string().min(1).max(200),
    /** The model's context window in tokens, when it is not the operator's. */
    context_window: z.number().int().min(1024).max(10_000_000).optional(),
  }),
]);
