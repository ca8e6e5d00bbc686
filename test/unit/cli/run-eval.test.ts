import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { EvalArgs } from "../../../src/cli/parse-eval-args.js";
import { runEval } from "../../../src/cli/run-eval.js";
import { ConfigError, RefNotFoundError } from "../../../src/shared/errors.js";
import {
  commitAll,
  git,
  initRepo,
  makeTempDir,
  removeDir,
  writeFiles,
} from "../../helpers/temp-repo.js";
import { quarterTokenCounter } from "../../helpers/quarter-token-counter.js";

const counter = quarterTokenCounter;

const body = (name: string, n: number) =>
  Array.from(
    { length: 80 },
    (_, i) => `  const ${name}_${i} = step(${i} + ${n});`,
  ).join("\n");
const upload = (n: number) =>
  `export function uploadChunk(chunk: Buffer) {\n${body("upload", n)}\n  return chunk;\n}\n`;
const retry = (n: number) =>
  `export function retryDelay(attempt: number) {\n${body("retry", n)}\n  return attempt * ${n};\n}\n`;
const table = (n: number) =>
  `export const CRC_TABLE = [\n${body("crc", n)}\n];\n`;

const UPLOAD_FIX =
  "uploadChunk in src/upload.ts sends a chunk twice when the connection drops mid-body, so keep the offset of the last byte acknowledged by the server.";
const TABLE_FIX =
  "Regenerate the CRC_TABLE in src/generated/table.ts with the reflected polynomial, since the old table gave checksums other implementations reject.";
const RETRY_FIX =
  "retryDelay in src/retry.ts grows without bound after many attempts; cap the delay so a long outage does not leave uploads waiting for hours.";

const output = () => {
  const text: string[] = [];
  return { text, write: (chunk: string) => text.push(chunk) };
};

describe("runEval", () => {
  let root: string;
  const sha: Record<string, string> = {};

  beforeAll(() => {
    root = initRepo();
    writeFiles(root, {
      "src/upload.ts": upload(0),
      "src/retry.ts": retry(0),
      "src/generated/table.ts": table(0),
      "README.md": "# Uploads\n",
    });
    commitAll(root, `Import the uploader. ${UPLOAD_FIX}`);
    writeFiles(root, { "src/upload.ts": upload(1) });
    sha.uploadFix = commitAll(root, UPLOAD_FIX);
    writeFiles(root, { "src/retry.ts": retry(1) });
    git(root, "add", "--all");
    git(
      root,
      "commit",
      "--quiet",
      "--author",
      "renovate[bot] <29139614+renovate[bot]@users.noreply.github.com>",
      "-m",
      RETRY_FIX,
    );
    writeFiles(root, { "src/retry.ts": retry(2) });
    commitAll(root, "Tidy retry.");
    writeFiles(root, { "README.md": "# Uploads, resumed\n" });
    commitAll(root, UPLOAD_FIX);
    git(root, "checkout", "--quiet", "-b", "side");
    writeFiles(root, { "src/retry.ts": retry(3) });
    commitAll(root, RETRY_FIX);
    git(root, "checkout", "--quiet", "main");
    git(root, "merge", "--quiet", "--no-ff", "side", "-m", RETRY_FIX);
    // From here on the repository keeps its generated code out of askcode's reach.
    writeFiles(root, {
      ".github/askcode.yml": 'exclude_paths: ["src/generated/"]\n',
    });
    sha.config = commitAll(root, `Configure askcode. ${TABLE_FIX}`);
    writeFiles(root, { "src/generated/table.ts": table(1) });
    sha.tableFix = commitAll(root, TABLE_FIX);
    writeFiles(root, { "src/retry.ts": retry(4) });
    sha.retryFix = commitAll(root, RETRY_FIX);
  });

  afterAll(() => removeDir(root));

  const args = (overrides: Partial<EvalArgs> = {}): EvalArgs => ({
    repo: root,
    ref: "HEAD",
    commits: 30,
    budgets: [1000, 20000],
    exclude: [],
    config: true,
    maxFiles: 3,
    minWords: 16,
    model: "gpt-4o",
    withModel: false,
    cacheDir: undefined,
    ...overrides,
  });
  const deps = { createTokenCounter: () => counter };

  it("asks each qualifying commit at its parent through askcode's retrieval and BM25, and scores what each shows", async () => {
    const stdout = output();
    const stderr = output();
    const json = join(makeTempDir(), "out", "eval.json");
    const report = await runEval(args({ json }), { stdout, stderr }, deps);
    // Newest first; the bot's commit, the short message, the docs and
    // config changes and the merged side branch are not questions.
    const written = JSON.parse(readFileSync(json, "utf8")) as {
      results: Array<{
        baseCommit: string;
        language: string;
        gold: { files: string[]; excluded: string[] };
        budgets: Array<{
          budget: number;
          systems: Record<
            "askcode" | "bm25",
            {
              score: {
                filesFound: number;
                linesFound: number;
                goldLines: number;
              };
            }
          >;
        }>;
      }>;
    };
    const results = written.results;
    expect(results.map((r) => r.baseCommit)).toEqual([
      sha.tableFix,
      sha.config,
      git(root, "rev-parse", `${sha.uploadFix}~1`),
    ]);
    expect(report.history.skipped).toEqual({
      bot: 1,
      "not-source": 2,
      "too-many-files": 0,
      "short-message": 1,
      "no-gold": 0,
    });
    expect(results.map((r) => r.language)).toEqual([
      "typescript",
      "typescript",
      "typescript",
    ]);
    const [retryQ, tableQ, uploadQ] = results;
    // The table's fix is asked where .github/askcode.yml already excludes
    // src/generated/: neither system may show it, so both miss it.
    expect(tableQ?.gold.excluded).toEqual(["src/generated/table.ts"]);
    for (const run of tableQ?.budgets ?? []) {
      expect(run.systems.askcode.score.filesFound).toBe(0);
      expect(run.systems.bm25.score.filesFound).toBe(0);
    }
    // The upload fix was asked before the configuration existed.
    expect(uploadQ?.gold.excluded).toEqual([]);
    // At 20,000 tokens the whole repository fits: every changed line is shown.
    for (const q of [retryQ, uploadQ]) {
      const large = q?.budgets[1]?.systems.askcode.score;
      expect(large?.filesFound).toBe(1);
      expect(large?.linesFound).toBe(large?.goldLines);
    }
    expect(
      report.rows.map((row) => [
        row.budget,
        row.language,
        row.askcode.instances,
      ]),
    ).toEqual([
      [1000, "typescript", 3],
      [1000, "total", 3],
      [20000, "typescript", 3],
      [20000, "total", 3],
    ]);
    expect(report.rows[3]?.askcode.fileAvg).toBeCloseTo(2 / 3);
    expect(report.exclude).toEqual({
      patterns: ["src/generated/"],
      fromConfig: 2,
      goldFiles: 3,
      goldExcluded: 1,
    });
    const printed = stdout.text.join("");
    expect(printed).toContain(
      `askcode eval of ${root} at HEAD (${sha.retryFix?.slice(0, 10)}): 3 questions from 7 first-parent commits read ` +
        "(1 by a bot, 2 changing other than existing source files, 1 with a message under 16 words).",
    );
    expect(printed).toMatch(/^\| 20k +\| total +\| 3 \| +66\.7% \|/m);
    expect(printed).toContain(
      "exclude_paths: `src/generated/` (.github/askcode.yml named some at 2 of 3 commits); they hid 1 of the 3 changed files from both.",
    );
    expect(printed).toContain(`JSON: ${json}`);
    expect(stderr.text.join("")).toMatch(
      /^\[1\/3\] local\/askcode-repo-\S+ typescript: askcode@1k body \d\/1 lines \d+\/\d+ \+map \d\/1 \| BM25 body \d\/1 lines \d+\/\d+ \+map \d\/1 \| \d+\.\d s\n\[2\/3\] /,
    );
    removeDir(join(json, "..", ".."));
  });

  it("with --no-config ignores the repository's exclude_paths, and applies --exclude instead", async () => {
    const report = await runEval(
      args({ config: false, exclude: ["src/upload.ts"] }),
      { stdout: output(), stderr: output() },
      deps,
    );
    expect(report.exclude).toEqual({
      patterns: ["src/upload.ts"],
      fromConfig: 0,
      goldFiles: 3,
      goldExcluded: 1,
    });
    // The table's fix is now found; the upload's cannot be.
    const total = report.rows.find(
      (row) => row.budget === 20000 && row.language === "total",
    );
    expect(total?.askcode.fileAvg).toBeCloseTo(2 / 3);
  });

  it("with --with-model packs each budget as the app does when a model answers: the code gets its share", async () => {
    const report = await runEval(
      args({ withModel: true }),
      { stdout: output(), stderr: output() },
      deps,
    );
    expect(report.codeBudgets).toEqual([600, 12000]);
    expect(report.rows.map((row) => [row.budget, row.codeBudget])).toEqual([
      [1000, 600],
      [1000, 600],
      [20000, 12000],
      [20000, 12000],
    ]);
    // Scored at the packed budgets: 600 tokens hold less than 1,000 did.
    expect(report.rows[1]?.askcodeTokens).toBeLessThanOrEqual(600);
    expect(report.rows[1]?.askcode.instances).toBe(3);
  });

  it("takes the history from --ref, and the thresholds from the arguments", async () => {
    const report = await runEval(
      args({ ref: sha.config as string, minWords: 2 }),
      { stdout: output(), stderr: output() },
      deps,
    );
    // "Tidy retry." is a question once two words are enough.
    expect(report.questions).toBe(2);
    expect(report.history.skipped["short-message"]).toBe(0);
  });

  it("refuses a directory that is not a git repository, one that does not exist, a ref it lacks, and a history with no question", async () => {
    const plain = makeTempDir();
    const io = { stdout: output(), stderr: output() };
    await expect(runEval(args({ repo: plain }), io, deps)).rejects.toThrow(
      new ConfigError(
        `${plain} is not a git repository (or is a folder inside one): askcode eval asks questions from its commits. Give --repo the top of a checkout or a bare clone.`,
      ),
    );
    removeDir(plain);
    // Not a stack saying `spawn git ENOENT`, as if git were missing.
    await expect(runEval(args({ repo: plain }), io, deps)).rejects.toThrow(
      new ConfigError(
        `The directory ${plain} does not exist; give --repo the top of a checkout or a bare clone.`,
      ),
    );
    await expect(
      runEval(args({ ref: "no-such-branch" }), io, deps),
    ).rejects.toThrow(RefNotFoundError);
    await expect(runEval(args({ minWords: 1000 }), io, deps)).rejects.toThrow(
      new ConfigError(
        `No commit of ${root} at HEAD makes a question: of 7 first-parent, non-merge commits read, 1 were by a bot, 2 changed other than existing source files, 0 more than 3 files, and 4 had a message under 1000 words. Try --max-files or --min-words.`,
      ),
    );
  });
});
