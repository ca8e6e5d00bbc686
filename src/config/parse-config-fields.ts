import { z } from "zod";
import { isPlainObject, type ConfigProblem } from "./config-problem.js";
import { describeIssue } from "./describe-zod-issue.js";
import { didYouMean } from "./did-you-mean.js";

/**
 * Parses an object key by key, so one bad key costs only that key: each
 * field that fails its schema gets its default and a `ConfigProblem`, and
 * nested objects (`budgets`) are parsed the same way one level down, so
 * `budgets.run` survives a wrong `budgets.context`. Unknown keys are
 * reported with the closest known key. A `null` value (`key:` with nothing
 * after it in YAML) means "not set".
 *
 * @example
 * const problems: ConfigProblem[] = [];
 * parseConfigFields(z.object({ n: z.number().default(1) }), { n: "x" }, "", problems)
 * // { n: 1 }, and problems[0] is { key: "n", message: "is a string", ... }
 */
export function parseConfigFields(
  schema: z.ZodObject,
  value: Record<string, unknown>,
  prefix: string,
  problems: ConfigProblem[],
): Record<string, unknown> {
  const shape = schema.shape;
  const known = Object.keys(shape);
  for (const key of Object.keys(value)) {
    if (Object.hasOwn(shape, key)) continue;
    const suggestion = didYouMean(key, known);
    problems.push({
      key: join(prefix, key),
      message: "is not a setting askcode knows",
      allowed: `one of ${known.map((name) => join(prefix, name)).join(", ")}`,
      received: value[key],
      outcome: "ignored",
      ...(suggestion ? { suggestion: join(prefix, suggestion) } : {}),
    });
  }
  const result: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(shape)) {
    const path = join(prefix, key);
    const raw = value[key] === null ? undefined : value[key];
    const nested = objectInside(field);
    if (nested && isPlainObject(raw)) {
      result[key] = parseConfigFields(nested, raw, path, problems);
      continue;
    }
    const parsed = field.safeParse(raw);
    if (parsed.success) {
      result[key] = parsed.data;
      continue;
    }
    const fallback = field.parse(undefined);
    const issue = parsed.error.issues[0] as z.core.$ZodIssue;
    problems.push({
      key: path,
      message: describeIssue(issue, raw),
      allowed: allowedFor(field),
      received: raw,
      outcome: "used-default",
      ...(fallback === undefined ? {} : { used: fallback }),
    });
    result[key] = fallback;
  }
  return result;
}

/**
 * A field's `meta.allowed`, what a problem report says the key accepts:
 * from the field itself, else from under its default/optional wrappers
 * (zod keeps metadata per schema instance, and `.default()` makes a new one).
 */
export function allowedFor(field: z.ZodType): string | undefined {
  for (let current: z.ZodType | undefined = field; current;) {
    const allowed = current.meta()?.allowed;
    if (typeof allowed === "string") return allowed;
    current = unwrapOnce(current);
  }
  return undefined;
}

/**
 * The field schema at a path of keys, for finding what a nested key allows.
 * The walk stops at the deepest field it can reach: a list index stops at
 * the list (`tools[1]` → `tools`), a key inside a union at the union
 * (`model.context_window` → `model`), whose `allowed` covers both.
 *
 * @example
 * fieldAt(repoConfigSchema, ["budgets", "context"]) // the budgets.context field
 */
export function fieldAt(
  schema: z.ZodType,
  path: readonly PropertyKey[],
): z.ZodType {
  let current: z.ZodType = schema;
  for (const key of path) {
    if (typeof key !== "string") break;
    const next: z.ZodType | undefined = objectInside(current)?.shape[key];
    if (!next) break;
    current = next;
  }
  return current;
}

/** The object schema under a field's default/prefault/optional wrappers. */
export function objectInside(field: z.ZodType): z.ZodObject | undefined {
  let current: z.ZodType | undefined = field;
  while (current && !(current instanceof z.ZodObject))
    current = unwrapOnce(current);
  return current;
}

function unwrapOnce(schema: z.ZodType): z.ZodType | undefined {
  return schema instanceof z.ZodDefault ||
    schema instanceof z.ZodPrefault ||
    schema instanceof z.ZodOptional
    ? (schema.unwrap() as z.ZodType)
    : undefined;
}

function join(prefix: string, key: string): string {
  return prefix ? `${prefix}.${key}` : key;
}
