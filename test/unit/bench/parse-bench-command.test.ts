import { readFileSync } from "node:fs";
import { parseBenchCommand } from "../../../bench/parse-bench-command.js";

const command = {
  usage: "usage: npm run bench:x [-- --mb 20]",
  options: {
    mb: { type: "string", default: "20" },
    json: { type: "boolean" },
  },
} as const;

describe("parseBenchCommand", () => {
  it("returns the option values, defaults filled in", () => {
    expect(parseBenchCommand(command, ["--mb", "5"])).toEqual({
      kind: "run",
      values: { mb: "5" },
    });
    expect(parseBenchCommand(command, [])).toEqual({
      kind: "run",
      values: { mb: "20" },
    });
  });

  it.each([["--help"], ["-h"]])("answers %s with the usage", (flag) => {
    expect(parseBenchCommand(command, ["--mb", "5", flag])).toEqual({
      kind: "help",
      text: "usage: npm run bench:x [-- --mb 20]\n",
    });
  });

  it("names an unknown option and shows the usage", () => {
    expect(parseBenchCommand(command, ["--megabytes", "5"])).toEqual({
      kind: "error",
      text: expect.stringMatching(
        /^Unknown option '--megabytes'.*\n\nusage: npm run bench:x/s,
      ),
    });
  });

  it("refuses a stray positional argument", () => {
    expect(parseBenchCommand(command, ["20"]).kind).toBe("error");
  });
});

// Every `npm run bench:*` script answers --help before it starts a run: it
// reads its arguments through benchCommand (bench:swebench through its own
// parseBenchArgs, which has --help too). Spawning each script takes 1-2 s;
// reading its source takes none.
describe("every bench script in package.json", () => {
  const { scripts } = JSON.parse(
    readFileSync(new URL("../../../package.json", import.meta.url), "utf8"),
  ) as { scripts: Record<string, string> };
  const benches = Object.entries(scripts)
    .filter(([name]) => name.startsWith("bench:"))
    .map(([name, line]) => [name, /bench\/\S+\.ts/.exec(line)?.[0]] as const);

  it("has benches to check", () => {
    expect(benches.length).toBeGreaterThan(10);
  });

  it.each(benches)("%s (%s) reads its arguments with --help", (_, file) => {
    const source = readFileSync(
      new URL(`../../../${file}`, import.meta.url),
      "utf8",
    );
    expect(source).toMatch(
      file === "bench/swebench/main.ts"
        ? /parseBenchArgs\(argv\)[\s\S]*args\.help/
        : /^import \{ benchCommand\b[^;]*from "\.\.?\/parse-bench-command\.js";[\s\S]*\n(const \{ values \} = )?benchCommand\(/m,
    );
    expect(source).not.toMatch(/process\.argv\.indexOf|parseArgs\(/);
  });
});
