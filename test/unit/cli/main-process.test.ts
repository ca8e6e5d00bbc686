import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";

// The command as a user starts it: bin/askcode.js in a new process.
const BIN = new URL("../../../bin/askcode.js", import.meta.url).pathname;
const VERSION = (
  JSON.parse(
    readFileSync(new URL("../../../package.json", import.meta.url), "utf8"),
  ) as { version: string }
).version;

function run(...args: string[]) {
  const result = spawnSync(process.execPath, [BIN, ...args], {
    encoding: "utf8",
    // No cache is touched: every case here stops before reading a checkout.
    env: { ...process.env, XDG_CACHE_HOME: "/nonexistent-askcode-test" },
  });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

describe("bin/askcode.js", () => {
  it("refuses an unknown option with its name, the usage and exit code 2", () => {
    const { code, stdout, stderr } = run("ask", "--bogus");
    expect(code).toBe(2);
    expect(stdout).toBe("");
    expect(stderr).toContain("askcode: Unknown option '--bogus'");
    expect(stderr).toContain('Usage: askcode ask "<question>"');
  });

  it.each([["--help"], ["ask", "--help"], ["ask", "a question", "-h"]])(
    "prints the usage for %j and exits 0",
    (...args) => {
      const { code, stdout } = run(...args);
      expect(code).toBe(0);
      expect(stdout).toContain("--no-cache");
    },
  );

  it("prints the index command's usage for index --help, and refuses its unknown options", () => {
    const help = run("index", "--help");
    expect(help.code).toBe(0);
    expect(help.stdout).toContain("Usage: askcode index");
    const bad = run("index", "--bogus");
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain("askcode: Unknown option '--bogus'");
    expect(bad.stderr).toContain("Usage: askcode index");
  });

  it("prints the eval command's usage for eval --help, and refuses a bad value naming it", () => {
    const help = run("eval", "--help");
    expect(help.code).toBe(0);
    expect(help.stdout).toContain("Usage: askcode eval");
    const bad = run("eval", "--commits", "many");
    expect(bad.code).toBe(2);
    expect(bad.stdout).toBe("");
    // The whole message, on its own line (a hint to build may come before it).
    expect(bad.stderr).toMatch(
      /^askcode: --commits must be a whole number from 1 to 1000, got "many"\.\n$/m,
    );
  });

  it("says an eval --repo that does not exist does not, with exit code 2", () => {
    const { code, stdout, stderr } = run(
      "eval",
      "--repo",
      "/nonexistent-askcode-test/app",
    );
    expect([code, stdout]).toEqual([2, ""]);
    expect(stderr).toMatch(
      /^askcode: The directory \/nonexistent-askcode-test\/app does not exist; give --repo the top of a checkout or a bare clone\.\n$/m,
    );
  });

  it("counts an unknown --model's budgets with the fallback encoding, and says so in one line naming the ones known", () => {
    const { code, stderr } = run(
      "eval",
      "--model",
      "llama3:8b",
      "--repo",
      "/nonexistent-askcode-test/app",
    );
    // The notice, then the run goes on (here to the missing directory).
    expect(code).toBe(2);
    expect(stderr).toMatch(
      /^askcode: --model llama3:8b is not a model whose tokenizer askcode knows: its budgets are counted with o200k_base, close for most models\. Tokenizers known: gpt-4o, .*\(o200k_base\); gpt-4, .*\(cl100k_base\)\.\naskcode: The directory \/nonexistent-askcode-test\/app does not exist/m,
    );
    // A model askcode knows gets no notice.
    expect(
      run(
        "eval",
        "--model",
        "gpt-4o-mini",
        "--repo",
        "/nonexistent-askcode-test/app",
      ).stderr,
    ).not.toContain("tokenizer");
  });

  it("names an unknown command, even one an object has by inheritance", () => {
    const { code, stderr } = run("constructor");
    expect(code).toBe(2);
    expect(stderr).toContain('askcode: unknown command "constructor"');
  });

  it("prints the version from package.json and exits 0", () => {
    const { code, stdout } = run("--version");
    expect(code).toBe(0);
    expect(stdout).toBe(`askcode ${VERSION}\n`);
  });
});
