import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import {
  commitAll,
  git,
  initRepo,
  makeTempDir,
  removeDir,
  writeFiles,
} from "../../../helpers/temp-repo.js";
import { ASKCODE_RECALL_HEADS } from "../../../helpers/recall-heads.js";

// The harness as `npm run bench:swebench` starts it, in a child process, so
// exit codes and the text on stderr are the ones a user sees. Everything it
// reads is local: a temp directory, a git mirror cloned from a temp repository.
const repoRoot = process.cwd();
const main = resolve(repoRoot, "bench/swebench/main.ts");
const tsx = pathToFileURL(
  resolve(repoRoot, "node_modules/tsx/dist/loader.mjs"),
).href;

function runBench(args: string[], cwd: string) {
  const env = { ...process.env };
  delete env.SWEBENCH_DATA;
  delete env.SWEBENCH_MIRRORS;
  const result = spawnSync(
    process.execPath,
    ["--expose-gc", "--import", tsx, main, ...args],
    { cwd, env, encoding: "utf8" },
  );
  return {
    status: result.status,
    stdout: result.stdout,
    stderr: result.stderr,
  };
}

describe("bench:swebench", () => {
  let dir: string;
  beforeAll(() => {
    dir = makeTempDir();
  });
  afterAll(() => removeDir(dir));

  it("with no arguments and no data, says what is missing and how to get it", () => {
    const run = runBench([], dir);
    expect(run.status).toBe(2);
    expect(run.stdout).toBe("");
    expect(run.stderr).toContain(
      `No SWE-bench instances at ${join(dir, "bench/data/swebench.jsonl")} (the default; --data or SWEBENCH_DATA changes it).`,
    );
    expect(run.stderr).toContain("princeton-nlp/SWE-bench");
  });

  it("prints its usage for --help", () => {
    const run = runBench(["--help"], dir);
    expect(run.status).toBe(0);
    expect(run.stdout).toMatch(/^Usage: npm run bench:swebench -- \[options\]/);
    expect(run.stdout).toContain("git clone --mirror");
  });

  it("refuses an unknown option with the usage", () => {
    const run = runBench(["--dat", "x.jsonl"], dir);
    expect(run.status).toBe(2);
    expect(run.stderr).toMatch(/Unknown option '--dat'/);
    expect(run.stderr).toContain("Usage: npm run bench:swebench");
  });

  describe("with a row of the public data set", () => {
    let source: string;
    let data: string;
    beforeAll(() => {
      source = initRepo();
      const body = Array.from({ length: 40 }, (_, i) => `    step_${i} = {}`);
      writeFiles(source, {
        "widgets/timeouts.py": `def connect_timeout(seconds):\n${body.join("\n")}\n    return None\n`,
        "widgets/other.py": "def unrelated():\n    return 42\n",
      });
      const base = commitAll(source, "base");
      writeFiles(source, {
        "widgets/timeouts.py": `def connect_timeout(seconds):\n${body.join("\n")}\n    return seconds\n`,
      });
      commitAll(source, "fix");
      data = join(dir, "lite.jsonl");
      writeFiles(dir, {
        "lite.jsonl":
          JSON.stringify({
            instance_id: "acme__widgets-1",
            repo: "acme/widgets",
            base_commit: base,
            problem_statement:
              "connect_timeout returns None instead of the seconds.",
            patch: git(source, "diff", base, "HEAD") + "\n",
          }) + "\n",
      });
    });
    afterAll(() => removeDir(source));

    it("names the mirror to clone when it is missing", () => {
      const mirrors = join(dir, "mirrors");
      const run = runBench(["--data", data, "--mirrors", mirrors], dir);
      expect(run.status).toBe(2);
      expect(run.stderr).toContain(
        `git clone --mirror https://github.com/acme/widgets.git ${join(mirrors, "acme+widgets/repo")}`,
      );
    });

    it("runs it from a git mirror and writes the report", () => {
      const mirrors = join(dir, "mirrors");
      git(
        dir,
        "clone",
        "--quiet",
        "--mirror",
        source,
        join(mirrors, "acme+widgets/repo"),
      );
      const out = join(dir, "out.json");
      const run = runBench(
        [
          "--data",
          data,
          "--mirrors",
          mirrors,
          "--budgets",
          "4000",
          "--out",
          out,
        ],
        dir,
      );
      expect(run.stderr).toContain("[1/1] acme__widgets-1 ");
      expect(run.status).toBe(0);
      // Each line and table leads with files shown with a body and lines.
      expect(run.stderr).toMatch(
        /\| askcode body 1\/1 lines \d+\/\d+ \+map 1\/1 \|/,
      );
      const head = run.stdout
        .split("\n")
        .find((line) => line.startsWith("| budget "));
      expect(
        head
          ?.split("|")
          .slice(1, 10)
          .map((cell) => cell.trim()),
      ).toEqual(["budget", ...ASKCODE_RECALL_HEADS]);
      const report = JSON.parse(readFileSync(out, "utf8")) as {
        complete: boolean;
        results: Array<{ error?: string; gold: { files: string[] } }>;
      };
      expect(report.complete).toBe(true);
      expect(report.results[0]?.error).toBeUndefined();
      expect(report.results[0]?.gold.files).toEqual(["widgets/timeouts.py"]);
    });

    // The mirror is the one the test above cloned.
    it("runs only the rows of a split's part, and refuses a split that names a repository twice", () => {
      const mirrors = join(dir, "mirrors");
      writeFiles(dir, {
        "split.json": JSON.stringify({
          "held-out": ["acme/widgets"],
          training: ["acme/gadgets"],
        }),
        "both.json": JSON.stringify({
          "held-out": ["acme/widgets"],
          training: ["acme/widgets"],
        }),
      });
      const part = (split: string, name: string) =>
        runBench(
          [
            ...["--data", data, "--mirrors", mirrors, "--budgets", "4000"],
            ...["--split", split, "--part", name],
            ...["--out", join(dir, `${name}.json`)],
          ],
          dir,
        );

      const training = part("split.json", "training");
      expect(training.status).toBe(2);
      expect(training.stderr).toBe(
        `No instance in ${data} matches the filters.\n`,
      );
      const heldOut = part("split.json", "held-out");
      expect(heldOut.stderr).toContain("[1/1] acme__widgets-1 ");
      expect(heldOut.status).toBe(0);
      const both = part("both.json", "held-out");
      expect(both.status).toBe(2);
      expect(both.stderr).toBe(
        "both.json names acme/widgets in both parts; a repository belongs to one.\n",
      );
    });
  });
});
