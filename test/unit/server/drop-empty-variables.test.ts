import { dropEmptyVariables } from "../../../src/server/drop-empty-variables.js";

describe("dropEmptyVariables", () => {
  it("unsets empty and blank values, as `--env-file .env` passes them, and keeps the rest", () => {
    const env: Record<string, string | undefined> = {
      HOST: "",
      ASKCODE_BLOB_CACHE_DIR: "  ",
      PORT: "3000",
      APP_ID: "12",
    };

    expect(dropEmptyVariables(env)).toStrictEqual([
      "HOST",
      "ASKCODE_BLOB_CACHE_DIR",
    ]);
    expect(env).toStrictEqual({ PORT: "3000", APP_ID: "12" });
    expect("HOST" in env).toBe(false);
  });
});
