import type { z } from "zod";

/**
 * What is wrong with a value, in a short clause for people who wrote YAML,
 * not TypeScript: "is a string", "is more than 1000000", "item 2 is not an
 * allowed value". What *is* allowed comes from the field's `meta.allowed`;
 * this says only what was received. `value` is the value the issue's path
 * is relative to.
 *
 * @example
 * const issue = z.number().max(5).safeParse(9).error!.issues[0]!;
 * describeIssue(issue, 9) // "is more than 5"
 */
export function describeIssue(issue: z.core.$ZodIssue, value: unknown): string {
  const where = issue.path.length > 0 ? `${describePath(issue.path)} ` : "";
  return where + describeProblem(issue, valueAt(value, issue.path));
}

/**
 * A value's kind as YAML shows it.
 *
 * @example
 * describeValue([1]) // "a list"
 */
export function describeValue(value: unknown): string {
  if (value === undefined) return "missing";
  if (value === null) return "empty";
  if (Array.isArray(value)) return "a list";
  if (typeof value === "object") return "a map";
  if (typeof value === "boolean") return `\`${value}\``;
  return `a ${typeof value}`;
}

function describeProblem(issue: z.core.$ZodIssue, value: unknown): string {
  switch (issue.code) {
    case "invalid_type":
      if (value === undefined) return "is missing";
      if (issue.expected === "int" && typeof value === "number")
        return "is not a whole number";
      return `is ${describeValue(value)}`;
    case "too_small":
      if (issue.origin === "array")
        return issue.minimum === 1
          ? "is an empty list"
          : `has fewer than ${issue.minimum} items`;
      if (issue.origin === "string")
        return issue.minimum === 1
          ? "is empty"
          : `is shorter than ${issue.minimum} characters`;
      return `is less than ${issue.minimum}`;
    case "too_big":
      if (issue.origin === "array")
        return `has more than ${issue.maximum} items`;
      if (issue.origin === "string")
        return `is longer than ${issue.maximum} characters`;
      return `is more than ${issue.maximum}`;
    case "invalid_value":
      return "is not an allowed value";
    case "invalid_format":
      return "does not have an allowed form";
    case "invalid_union":
      return `is ${describeValue(value)} of a form that is not allowed`;
    case "unrecognized_keys":
      return `has unknown keys: ${issue.keys.join(", ")}`;
    default:
      return issue.message;
  }
}

// "item 2", "item 2 of `labels`": 1-based, as people count list items.
function describePath(path: readonly PropertyKey[]): string {
  return path
    .map((segment) =>
      typeof segment === "number" ? `item ${segment + 1}` : String(segment),
    )
    .reverse()
    .join(" of ");
}

/**
 * The part of `value` at an issue's path.
 *
 * @example
 * valueAt({ tools: ["a", "b"] }, ["tools", 1]) // "b"
 */
export function valueAt(value: unknown, path: readonly PropertyKey[]): unknown {
  let current = value;
  for (const segment of path) {
    if (current === null || typeof current !== "object") return undefined;
    current = (current as Record<PropertyKey, unknown>)[segment];
  }
  return current;
}
