import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { loadDotEnv } from "../../../src/server/load-dot-env.js";
import { makeTempDir, removeDir } from "../../helpers/temp-repo.js";

describe("loadDotEnv", () => {
  let dir: string;
  beforeEach(() => (dir = makeTempDir()));
  afterEach(() => removeDir(dir));

  it("lets the environment win over .env and fills in only what the environment leaves unset", () => {
    const path = join(dir, ".env");
    writeFileSync(
      path,
      [
        "# the example file, copied",
        "OPENAI_API_KEY=",
        "ASKCODE_MODEL=gpt-4o",
        "APP_ID=123",
        'PRIVATE_KEY="-----BEGIN RSA PRIVATE KEY-----\\nMIIE\\n-----END RSA PRIVATE KEY-----"',
        "LOG_LEVEL=debug",
      ].join("\n"),
    );
    const env: Record<string, string | undefined> = {
      OPENAI_API_KEY: "sk-from-the-shell",
      ASKCODE_MODEL: "gpt-4.1",
      LOG_LEVEL: "", // set, even if empty: the operator's choice
    };

    expect(loadDotEnv(env, path)).toStrictEqual(["APP_ID", "PRIVATE_KEY"]);
    expect(env).toStrictEqual({
      OPENAI_API_KEY: "sk-from-the-shell",
      ASKCODE_MODEL: "gpt-4.1",
      LOG_LEVEL: "",
      APP_ID: "123",
      // Double quotes turn \n into line breaks, as Probot's setup expects.
      PRIVATE_KEY:
        "-----BEGIN RSA PRIVATE KEY-----\nMIIE\n-----END RSA PRIVATE KEY-----",
    });
  });

  it("does nothing without a .env file", () => {
    const env = { HOST: "0.0.0.0" };
    expect(loadDotEnv(env, join(dir, ".env"))).toStrictEqual([]);
    expect(env).toStrictEqual({ HOST: "0.0.0.0" });
  });
});
