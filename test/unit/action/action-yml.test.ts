import { readFileSync } from "node:fs";
import { describe, expect, it } from "@jest/globals";
import { parse } from "yaml";
import { ACTION_OUTPUTS } from "../../../src/action/action-step.js";
import {
  ACTION_INPUTS,
  inputVariable,
} from "../../../src/action/read-action-env.js";

interface ActionYml {
  inputs: Record<string, { default?: string }>;
  outputs: Record<string, { value: string }>;
  runs: {
    using: string;
    steps: Array<{ id?: string; env?: Record<string, string>; run: string }>;
  };
}

const action = parse(
  readFileSync(new URL("../../../action.yml", import.meta.url), "utf8"),
) as ActionYml;

describe("action.yml", () => {
  it("declares the inputs src/action/ reads, and hands each to the entry as the runner names it", () => {
    expect(Object.keys(action.inputs)).toStrictEqual([...ACTION_INPUTS]);
    // A composite action's steps get no INPUT_* variables of their own.
    const answer = action.runs.steps.find((step) => step.id === "answer")!;
    expect(answer.env).toStrictEqual(
      Object.fromEntries(
        ACTION_INPUTS.map((name) => [
          inputVariable(name),
          `\${{ inputs.${name} }}`,
        ]),
      ),
    );
    expect(answer.run).toBe(
      'exec node "$GITHUB_ACTION_PATH/dist/action/main.js"',
    );
    expect(action.inputs["github-token"]!.default).toBe("${{ github.token }}");
  });

  it("declares the outputs the entry writes, from its answering step", () => {
    expect(action.outputs).toStrictEqual(
      Object.fromEntries(
        ACTION_OUTPUTS.map((name) => [
          name,
          expect.objectContaining({
            value: `\${{ steps.answer.outputs.${name} }}`,
          }),
        ]),
      ),
    );
  });

  it("builds what it runs: the install step builds dist/ from the lockfile", () => {
    expect(action.runs.using).toBe("composite");
    const install = readFileSync(
      new URL("../../../scripts/install-action.sh", import.meta.url),
      "utf8",
    );
    expect(install).toMatch(/^npm ci /m);
    expect(install).toMatch(/^npm run build$/m);
    expect(action.runs.steps[0]!.run).toBe(
      'bash "$GITHUB_ACTION_PATH/scripts/install-action.sh"',
    );
  });
});
