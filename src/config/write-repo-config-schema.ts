/**
 * `npm run config:schema`: writes docs/askcode.schema.json from the zod
 * schema, so the file editors validate against never drifts from what
 * askcode accepts (a unit test fails when the committed copy is stale).
 */
import { writeFile } from "node:fs/promises";
import { resolve } from "node:path";
import { repoConfigJsonSchema } from "./repo-config-json-schema.js";

const target = resolve(import.meta.dirname, "../../docs/askcode.schema.json");
await writeFile(target, `${JSON.stringify(repoConfigJsonSchema(), null, 2)}\n`);
console.log(`Wrote ${target}`);
