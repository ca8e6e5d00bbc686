import { z } from "zod";
import { BUDGET_LIMITS, type BudgetKey } from "./budget-limits.js";

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
 * Whether an `author_association` is one of the repository's people
 * (`MEMBER_ASSOCIATIONS`); an unknown one (undefined) is not.
 *
 * @example
 * isMemberAssociation("COLLABORATOR") // true
 * isMemberAssociation("CONTRIBUTOR")  // false
 */
export function isMemberAssociation(association: string | undefined): boolean {
  return MEMBER_ASSOCIATIONS.includes(association as Association);
}

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
