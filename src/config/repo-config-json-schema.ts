import { z } from "zod";
import { repoConfigSchema } from "./repo-config-schema.js";

/**
 * The JSON Schema of `.github/askcode.yml`, for editors: with
 * `# yaml-language-server: $schema=<url of askcode.schema.json>` at the top
 * of the file, VS Code and others complete keys and flag wrong values as
 * they are typed. It describes the file as written (`io: "input"`), so keys
 * with defaults are optional, and each description ends with what the key
 * allows, the same words the problem comment uses. Draft-07, the draft
 * editors' YAML support handles best.
 *
 * @example
 * repoConfigJsonSchema().properties.max_steps
 * // { default: 8, description: "How many model turns … Allowed: a whole number from 1 to 50.", type: "integer", … }
 */
export function repoConfigJsonSchema(): z.core.JSONSchema.BaseSchema {
  return z.toJSONSchema(repoConfigSchema, {
    io: "input",
    target: "draft-7",
    override: ({ jsonSchema }) => {
      const { allowed } = jsonSchema as { allowed?: unknown };
      if (typeof allowed !== "string") return;
      // `allowed` is ours, not a JSON Schema keyword: fold it into the hover text.
      delete (jsonSchema as { allowed?: unknown }).allowed;
      jsonSchema.description =
        `${jsonSchema.description ?? ""} Allowed: ${allowed}.`.trim();
    },
  });
}
