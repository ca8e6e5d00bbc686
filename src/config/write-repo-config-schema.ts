/**
 * `npm run config:schema`: writes docs/askcode.schema.json from the zod
 * schema, so the file editors validate against never drifts from what
 * askcode accepts (a unit test fails when the committed copy is stale).
 * Formatted with the project's prettier, so `npm run lint` accepts it as
 * written. A development script: prettier is a dev dependency.
 */
import { writeFile } from "node:fs/promises";
import { resolve } from "node:path";
import { parseArgs } from "node:util";
import { format } from "prettier";
import { repoConfigJsonSchema } from "./repo-config-json-schema.js";

const USAGE = `usage: npm run config:schema

Writes docs/askcode.schema.json (the JSON Schema of .github/askcode.yml that
editors validate against) from askcode's zod schema; run it after changing
the schema.
`;

// --help prints the usage and writes nothing; any other argument is refused
// before the file is touched.
try {
  const { values } = parseArgs({
    options: { help: { type: "boolean", short: "h" } },
    strict: true,
  });
  if (values.help) {
    process.stdout.write(USAGE);
    process.exit(0);
  }
} catch (error) {
  process.stderr.write(`${(error as Error).message}\n\n${USAGE}`);
  process.exit(2);
}

const target = resolve(import.meta.dirname, "../../docs/askcode.schema.json");
const text = await format(JSON.stringify(repoConfigJsonSchema()), {
  filepath: target,
});
await writeFile(target, text);
console.log(`Wrote ${target}`);
