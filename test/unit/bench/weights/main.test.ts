import { spawnSync } from "node:child_process";
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";

// `npm run fit:weights` as a user starts it, in a child process, so the exit
// code and stderr are the ones a user sees. Only argument errors are run here:
// they stop it before any mirror is read.
const repoRoot = process.cwd();
const main = resolve(repoRoot, "bench/weights/main.ts");
const tsx = pathToFileURL(
  resolve(repoRoot, "node_modules/tsx/dist/loader.mjs"),
).href;

function fitWeights(args: string[]) {
  return spawnSync(process.execPath, ["--import", tsx, main, ...args], {
    cwd: repoRoot,
    encoding: "utf8",
  });
}

describe("fit:weights --split/--part", () => {
  it("takes the two together, and names a part the split does not have", () => {
    const alone = fitWeights(["--part", "training"]);
    expect(alone.status).toBe(2);
    expect(alone.stderr).toMatch(
      /^--split and --part go together .*\n\nFits askcode's evidence weights/,
    );
    const unknown = fitWeights([
      ...["--split", "bench/train/split.json", "--part", "test"],
    ]);
    expect(unknown.status).toBe(2);
    expect(unknown.stderr).toMatch(
      /^--part must be "held-out" or "training", got "test"\./,
    );
  });
});

describe("fit:weights --extra-data", () => {
  it("names a file that is not there before reading any mirror", () => {
    const missing = fitWeights([
      ...["--extra-data", "bench/data/c-family/no-such.jsonl"],
    ]);
    expect(missing.status).toBe(2);
    expect(missing.stderr).toMatch(
      /^--extra-data: no file at bench\/data\/c-family\/no-such\.jsonl \(npm run bench:corpus -- --recipe bench\/corpus\/c-family\.json/,
    );
  });
});

describe("fit:weights --l2/--folds", () => {
  it("names an L2 or a fold count it cannot use before reading anything", () => {
    const l2 = fitWeights(["--chunk-model", "--l2", "0.001,x"]);
    expect(l2.status).toBe(2);
    expect(l2.stderr).toMatch(
      /^--l2 must be numbers ≥ 0 separated by commas, got "0\.001,x"\./,
    );
    const folds = fitWeights(["--chunk-model", "--folds", "1"]);
    expect(folds.status).toBe(2);
    expect(folds.stderr).toMatch(/^--folds must be an integer ≥ 2, got "1"\./);
  });
});

describe("fit:weights --chunk-max-tokens/--chunk-merge-tokens", () => {
  it("cut the chunk model's rows only, and must be whole numbers of tokens", () => {
    const without = fitWeights(["--chunk-max-tokens", "200"]);
    expect(without.status).toBe(2);
    expect(without.stderr).toMatch(
      /^--chunk-max-tokens and --chunk-merge-tokens cut the chunk model's rows: give --chunk-model with them\./,
    );
    const bad = fitWeights(["--chunk-model", "--chunk-merge-tokens", "0"]);
    expect(bad.status).toBe(2);
    expect(bad.stderr).toMatch(
      /^--chunk-merge-tokens must be a positive whole number of tokens, got "0"\./,
    );
  });
});

describe("fit:weights --without-history", () => {
  it("fits the chunk model only", () => {
    const without = fitWeights(["--without-history"]);
    expect(without.status).toBe(2);
    expect(without.stderr).toMatch(
      /^--without-history fits the chunk model without the history signals: give --chunk-model with it\./,
    );
  });
});
