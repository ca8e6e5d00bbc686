import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { nodeVersionProblem } from "../../../src/shared/node-version-problem.js";

const SCRIPT = new URL(
  "../../../scripts/check-node-version.mjs",
  import.meta.url,
).pathname;
const CHECK = "node scripts/check-node-version.mjs && ";

/** Runs the check in a Node.js that reports `version` (this one, pretending). */
function check(version?: string) {
  // process.version and process.versions.node are configurable: a module
  // imported first makes this Node look like an older one to the script.
  const pretend = version
    ? [
        "--import",
        `data:text/javascript,${encodeURIComponent(
          `Object.defineProperty(process, "version", { value: "${version}" });` +
            `Object.defineProperty(process.versions, "node", { value: "${version.slice(1)}" });`,
        )}`,
      ]
    : [];
  const result = spawnSync(process.execPath, [...pretend, SCRIPT], {
    encoding: "utf8",
  });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

describe("scripts/check-node-version.mjs", () => {
  it("stops an older Node.js with the CLI's one line", () => {
    expect(check("v20.20.2")).toEqual({
      code: 1,
      stdout: "",
      stderr: `${nodeVersionProblem("v20.20.2")}\n`,
    });
  });

  it("lets this Node.js through in silence", () => {
    expect(check()).toEqual({ code: 0, stdout: "", stderr: "" });
  });

  it("runs before tsc and jest in npm test and npm run test:file", () => {
    const { scripts } = JSON.parse(
      readFileSync(new URL("../../../package.json", import.meta.url), "utf8"),
    ) as { scripts: Record<string, string> };
    for (const name of ["pretest", "test", "test:file"])
      expect(scripts[name]?.startsWith(CHECK)).toBe(true);
  });
});
