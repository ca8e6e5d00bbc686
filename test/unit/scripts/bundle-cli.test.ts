import { spawnSync } from "node:child_process";
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

const SCRIPT = new URL("../../../scripts/bundle-cli.mjs", import.meta.url)
  .pathname;
let dist: string;

function write(path: string, text: string) {
  mkdirSync(join(dist, path, ".."), { recursive: true });
  writeFileSync(join(dist, path), text);
}

// A build as tsc leaves it: the command line's entry, a module it imports,
// one it loads when a command runs, a file found beside the build, and
// the worker threads' task file.
beforeEach(() => {
  dist = mkdtempSync(join(tmpdir(), "askcode-bundle-"));
  write(
    "cli/main.js",
    [
      'import { label } from "../text/label.js";',
      "export async function main(argv) {",
      '  const { run } = await import("./run-ask.js");',
      "  console.log(label(await run(argv)));",
      "  return 0;",
      "}",
    ].join("\n"),
  );
  write(
    "cli/run-ask.js",
    [
      'import { readFileSync } from "node:fs";',
      "export async function run(argv) {",
      '  return `${argv[0]} ${readFileSync(new URL("../build-id.txt", import.meta.url), "utf8").trim()}`;',
      "}",
    ].join("\n"),
  );
  write("text/label.js", "export const label = (s) => `answered: ${s}`;\n");
  write("build-id.txt", "b1\n");
  write(
    "worker-threads/cpu-tasks.js",
    "export default function derive(task) { return task; }\n",
  );
});
afterEach(() => rmSync(dist, { recursive: true, force: true }));

const bundle = () =>
  spawnSync(process.execPath, [SCRIPT, "--dist", dist], { encoding: "utf8" });

describe("scripts/bundle-cli.mjs", () => {
  it("writes the command line and the task file to dist/cli-bundle, a command's own code in a chunk it loads when run", () => {
    expect(bundle()).toMatchObject({ status: 0, stderr: "" });
    const files = readdirSync(join(dist, "cli-bundle"));
    expect(files).toEqual(
      expect.arrayContaining([
        "main.js",
        "cpu-tasks.js",
        expect.stringMatching(/^run-ask-\w+\.js$/),
      ]),
    );
    const ran = spawnSync(
      process.execPath,
      [
        "--input-type=module",
        "-e",
        `const { main } = await import(${JSON.stringify(join(dist, "cli-bundle/main.js"))}); await main(["where?"]);`,
      ],
      { encoding: "utf8" },
    );
    expect(ran).toMatchObject({ status: 0, stdout: "answered: where? b1\n" });
  });

  it("refuses a file found beside a module that the bundle would look for elsewhere, naming it", () => {
    write(
      "cli/run-ask.js",
      'export const run = () => new URL("./questions.txt", import.meta.url).href;\n',
    );
    const result = bundle();
    expect(result.status).toBe(1);
    expect(result.stderr).toContain(
      `cli/run-ask.js: "./questions.txt" is ${join(dist, "cli/questions.txt")} in dist/ but ${join(dist, "cli-bundle/questions.txt")} in the bundle`,
    );
    // No half-checked bundle for bin/askcode.js to run.
    expect(existsSync(join(dist, "cli-bundle"))).toBe(false);
  });

  it("leaves no chunk of an earlier bundle behind", () => {
    mkdirSync(join(dist, "cli-bundle"));
    writeFileSync(join(dist, "cli-bundle/chunk-OLD.js"), "");
    expect(bundle().status).toBe(0);
    expect(readdirSync(join(dist, "cli-bundle"))).not.toContain("chunk-OLD.js");
  });
});
