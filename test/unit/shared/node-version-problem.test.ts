import { readFileSync } from "node:fs";
import {
  MINIMUM_NODE,
  MINIMUM_NODE_TEXT,
  nodeVersionProblem,
} from "../../../src/shared/node-version-problem.js";

const read = (path: string) =>
  readFileSync(new URL(`../../../${path}`, import.meta.url), "utf8");

describe("nodeVersionProblem", () => {
  it.each([
    "v20.19.2",
    "v18.20.8",
    "v21.7.3",
    "v9.11.2",
    "v22.12.0",
    "v22.5.1",
  ])("says in one line that %s is too old", (version) => {
    expect(nodeVersionProblem(version)).toBe(
      `askcode needs Node.js 22.13 or newer; this is ${version}.`,
    );
  });

  it.each(["v22.13.0", "v22.23.5", "v23.0.0", "v24.1.0", "v100.0.0"])(
    "lets %s run",
    (version) => {
      expect(nodeVersionProblem(version)).toBeUndefined();
    },
  );

  it("asks for the Node.js that package.json's engines and bin/askcode.js ask for", () => {
    const { engines } = JSON.parse(read("package.json")) as {
      engines: { node: string };
    };
    expect(engines.node).toBe(`>=${MINIMUM_NODE_TEXT}`);
    expect(read("bin/askcode.js")).toContain(
      `const NODE_MINIMUM = [${MINIMUM_NODE.join(", ")}];`,
    );
  });
});
