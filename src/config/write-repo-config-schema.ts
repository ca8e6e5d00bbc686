/**
 * `npm run config:schema`: writes docs/askcode.schema.json from the zod
 * schema, so the file editors validate against never drifts from what
 * askcode accepts (a unit test fails when the committed copy is stale).
 * Formatted with the project's prettier, so `npm run lint` accepts it as
 * written. A development script: prettier is a dev dependency.
 */
import { writeFile } from "node:fs/promises";
import { resolve } from "node:path";
import { format } from "prettier";
import { repoConfigJsonSchema } from "./repo-config-json-schema.js";

const target = resolve(import.meta.dirname, "../../docs/askcode.schema.json");
const text = await format(JSON.stringify(repoConfigJsonSchema()), {
  filepath: target,
});
await writeFile(target, text);
console.log(`Wrote ${target}`);
