import { readRepoConfigFile } from "../../../src/config/read-repo-config-file.js";
import { createMemoryCodeReader } from "../../helpers/memory-code-reader.js";

const at = (text?: string) =>
  createMemoryCodeReader(
    text === undefined ? {} : { ".github/askcode.yml": text },
  );

describe("readRepoConfigFile", () => {
  it("reads .github/askcode.yml at the reader's commit and validates it", async () => {
    const { config, problems } = await readRepoConfigFile(
      at(
        'exclude_paths: ["fixtures/", "*.snap"]\nbudgets:\n  context: 10000\n',
      ),
    );
    expect(config.exclude_paths).toEqual(["fixtures/", "*.snap"]);
    expect(config.budgets.context).toBe(10000);
    expect(problems).toEqual([]);
  });

  it("gives the defaults when there is no file", async () => {
    const { config, problems } = await readRepoConfigFile(at());
    expect(config.exclude_paths).toEqual([]);
    expect(problems).toEqual([]);
  });

  it("reports a file that is not YAML, and a wrong key, and uses the defaults for them", async () => {
    const broken = await readRepoConfigFile(at("exclude_paths: [fixtures/\n"));
    expect(broken.config.exclude_paths).toEqual([]);
    expect(broken.problems).toEqual([
      {
        key: "",
        message: expect.stringMatching(/^is not valid YAML: .+/),
        outcome: "used-default",
      },
    ]);
    const wrong = await readRepoConfigFile(at("exclude_paths: fixtures/\n"));
    expect(wrong.config.exclude_paths).toEqual([]);
    expect(wrong.problems.map((p) => p.key)).toEqual(["exclude_paths"]);
  });
});
