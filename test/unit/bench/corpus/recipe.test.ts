import { readFileSync } from "node:fs";
import { parseRecipe } from "../../../../bench/corpus/recipe.js";
import { familyOfLanguage } from "../../../../src/eval/baseline/source-files.js";

const sha = (c: string) => c.repeat(40);
const entry = (repo: string, more: Record<string, unknown> = {}) => ({
  repo,
  language: "python",
  commit: sha("a"),
  part: "train",
  questions: { from: "history", count: 3 },
  ...more,
});

describe("parseRecipe", () => {
  it("reads repositories and their parts", () => {
    const recipe = parseRecipe(
      JSON.stringify({
        repositories: [
          entry("acme/widgets"),
          entry("acme/gadgets", { language: "go", part: "heldout" }),
        ],
      }),
    );
    expect(recipe.repositories.map((r) => [r.repo, r.part])).toEqual([
      ["acme/widgets", "train"],
      ["acme/gadgets", "heldout"],
    ]);
  });

  it("refuses the issue rows it once read, naming them", () => {
    const text = JSON.stringify({
      issueSources: {
        lite: { repo: "someone/data", commit: sha("b"), path: "d.jsonl" },
      },
      repositories: [
        entry("acme/gadgets", {
          questions: { from: "issues", source: "lite", count: 2 },
        }),
      ],
    });
    expect(() => parseRecipe(text, "recipe.json")).toThrow(
      /^recipe\.json is not a corpus recipe: .*repositories\.0\.questions\.from: .*issueSources/,
    );
  });

  it("names every problem: a short commit, an unknown part or language", () => {
    const text = JSON.stringify({
      repositories: [
        entry("acme/widgets", { commit: "abc123" }),
        entry("acme/gadgets", { part: "test", language: "cobol" }),
      ],
    });
    let message = "";
    try {
      parseRecipe(text, "recipe.json");
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toMatch(/^recipe\.json is not a corpus recipe: /);
    expect(message).toContain(
      "repositories.0.commit: expected a full commit SHA",
    );
    expect(message).toContain("repositories.1.part");
    expect(message).toContain(
      "repositories.1.language: unknown language; expected one of",
    );
  });

  it("refuses a repository listed twice", () => {
    const text = JSON.stringify({
      repositories: [entry("acme/widgets"), entry("acme/widgets")],
    });
    expect(() => parseRecipe(text, "recipe.json")).toThrow(
      "recipe.json is not a corpus recipe: repositories.1.repo: acme/widgets is listed twice.",
    );
  });

  it("says so when the file is not JSON", () => {
    expect(() => parseRecipe("{", "recipe.json")).toThrow(
      /^recipe\.json is not JSON: /,
    );
  });
});

// The committed recipe: the corpus the weights will be fitted on and checked on.
describe("bench/corpus/recipe.json", () => {
  const recipe = parseRecipe(
    readFileSync("bench/corpus/recipe.json", "utf8"),
    "bench/corpus/recipe.json",
  );

  it("has every language family in both parts, about a third of the repositories held out", () => {
    const families = (part: string) =>
      new Set(
        recipe.repositories
          .filter((r) => r.part === part)
          .map((r) => familyOfLanguage(r.language)),
      );
    expect([...families("heldout")].sort()).toEqual(
      [...families("train")].sort(),
    );
    const heldOut = recipe.repositories.filter((r) => r.part === "heldout");
    expect(heldOut.length / recipe.repositories.length).toBeCloseTo(1 / 3, 1);
  });

  // Issue 38: no training or tuning on SWE-bench's test split. Its
  // repositories, as SWE-bench names them (mirrors and old names included).
  it("names no repository of SWE-bench's test split", () => {
    const testSplit = [
      "astropy/astropy",
      "django/django",
      "pallets/flask",
      "mitsuhiko/flask",
      "matplotlib/matplotlib",
      "pylint-dev/pylint",
      "PyCQA/pylint",
      "pytest-dev/pytest",
      "psf/requests",
      "kennethreitz/requests",
      "scikit-learn/scikit-learn",
      "mwaskom/seaborn",
      "sphinx-doc/sphinx",
      "sympy/sympy",
      "pydata/xarray",
    ].map((repo) => repo.toLowerCase());
    expect(
      recipe.repositories
        .map((r) => r.repo)
        .filter((repo) => testSplit.includes(repo.toLowerCase())),
    ).toEqual([]);
  });
});

// The C and C++ history questions the chunk model's fit adds to the training
// set, which has no C or C++ (fit:weights --extra-data): C-family repositories
// only, none a dev set's, whose rows stay the final check.
describe("bench/corpus/c-family.json", () => {
  const recipe = parseRecipe(
    readFileSync("bench/corpus/c-family.json", "utf8"),
    "bench/corpus/c-family.json",
  );
  const devRepositories = new Set(
    ["multilang-dev.ids", "swebench-dev.ids"].flatMap((name) =>
      readFileSync(`bench/data-sets/${name}`, "utf8")
        .split("\n")
        .filter((line) => line !== "" && !line.startsWith("#"))
        // id, repository, language, …: tab-separated.
        .map((line) => line.split("\t")[1]),
    ),
  );

  it("holds C and C++ repositories of neither dev set, one held out", () => {
    expect(
      new Set(recipe.repositories.map((r) => familyOfLanguage(r.language))),
    ).toEqual(new Set([familyOfLanguage("c")]));
    expect(
      recipe.repositories.filter((r) => devRepositories.has(r.repo)),
    ).toEqual([]);
    expect(devRepositories.has("nlohmann/json")).toBe(true);
    expect(
      recipe.repositories.filter((r) => r.part === "heldout"),
    ).toHaveLength(1);
  });
});
