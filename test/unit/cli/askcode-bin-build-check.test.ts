import { spawnSync } from "node:child_process";
import {
  copyFileSync,
  mkdirSync,
  mkdtempSync,
  rmSync,
  symlinkSync,
  utimesSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

// bin/askcode.js in a checkout of its own: two sources, a build of them that
// says which ran, and the list of sources the build writes.
const ROOT = new URL("../../../", import.meta.url).pathname;
const BUILT_AT = 2_000_000;
let dir: string;

function write(path: string, text: string, seconds: number) {
  mkdirSync(join(dir, path, ".."), { recursive: true });
  writeFileSync(join(dir, path), text);
  utimesSync(join(dir, path), seconds, seconds);
}

const main = (ran: string) =>
  `export async function main() { console.log("${ran}"); return 0; }\n`;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "askcode-bin-"));
  mkdirSync(join(dir, "bin"));
  copyFileSync(join(ROOT, "bin/askcode.js"), join(dir, "bin/askcode.js"));
  symlinkSync(join(ROOT, "node_modules"), join(dir, "node_modules"));
  write("src/cli/main.ts", main("sources"), BUILT_AT - 100);
  write("src/cli/helper.ts", "export const helper = 1;\n", BUILT_AT - 100);
  write("dist/cli/main.js", main("build"), BUILT_AT);
  write("dist/sources.txt", "cli/helper.ts\ncli/main.ts\n", BUILT_AT);
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

function run() {
  const result = spawnSync(process.execPath, [join(dir, "bin/askcode.js")], {
    encoding: "utf8",
    env: { ...process.env, NODE_DISABLE_COMPILE_CACHE: "1" },
  });
  return { stdout: result.stdout.trim(), stderr: result.stderr.trim() };
}

describe("bin/askcode.js, in a checkout", () => {
  it("runs the build when no source it lists changed since", () => {
    expect(run()).toEqual({ stdout: "build", stderr: "" });
  });

  it("runs the sources, with a hint to build, once a listed source changed", () => {
    utimesSync(join(dir, "src/cli/helper.ts"), BUILT_AT + 1, BUILT_AT + 1);

    expect(run()).toEqual({
      stdout: "sources",
      stderr:
        "askcode: running the TypeScript sources (a source changed or is gone since the build); `npm run build` makes it start faster.",
    });
  });

  it("runs the sources once a listed source is gone: the build still holds its code", () => {
    rmSync(join(dir, "src/cli/helper.ts"));

    expect(run().stdout).toBe("sources");
  });

  it("runs the bundle the build made of its output (scripts/bundle-cli.mjs)", () => {
    write("dist/cli-bundle/main.js", main("bundle"), BUILT_AT);

    expect(run()).toEqual({ stdout: "bundle", stderr: "" });
  });

  it("runs tsc's output when tsc ran alone after the bundle was made", () => {
    write("dist/cli-bundle/main.js", main("bundle"), BUILT_AT - 1);

    expect(run()).toEqual({ stdout: "build", stderr: "" });
  });

  it("runs the sources, not the bundle, once a listed source changed", () => {
    write("dist/cli-bundle/main.js", main("bundle"), BUILT_AT);
    utimesSync(join(dir, "src/cli/helper.ts"), BUILT_AT + 1, BUILT_AT + 1);

    expect(run().stdout).toBe("sources");
  });

  it("compares every source's time with the build's when the build lists none", () => {
    rmSync(join(dir, "dist/sources.txt"));
    expect(run().stdout).toBe("build");

    write("src/cli/added.ts", "export {};\n", BUILT_AT + 1);
    expect(run().stdout).toBe("sources");
  });
});
