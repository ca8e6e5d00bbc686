import { readFileSync } from "node:fs";
import { repoConfigJsonSchema } from "../../../src/config/repo-config-json-schema.js";

describe("repoConfigJsonSchema", () => {
  const schema = repoConfigJsonSchema() as {
    properties: Record<string, Record<string, unknown>>;
  };

  it("matches docs/askcode.schema.json (run `npm run config:schema` when this fails)", () => {
    const committed: unknown = JSON.parse(
      readFileSync(
        new URL("../../../docs/askcode.schema.json", import.meta.url),
        "utf8",
      ),
    );
    expect(committed).toStrictEqual(schema);
  });

  it("describes every key with what it allows, and rejects unknown keys", () => {
    expect(schema).toMatchObject({
      $schema: "http://json-schema.org/draft-07/schema#",
      additionalProperties: false,
    });
    for (const [key, property] of Object.entries(schema.properties)) {
      expect([key, property.description]).toStrictEqual([
        key,
        expect.stringContaining("Allowed: "),
      ]);
      expect(property).not.toHaveProperty("allowed");
    }
    expect(schema.properties.max_steps).toMatchObject({
      type: "integer",
      minimum: 1,
      maximum: 50,
      default: 8,
    });
  });
});
