import { readFileSync } from "node:fs";
import { parseRecipe, spreadEvenly } from "../../../../bench/corpus/recipe.js";
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
  it("reads repositories and issue sources", () => {
    const recipe = parseRecipe(
      JSON.stringify({
        issueSources: {
          lite: { repo: "someone/data", commit: sha("b"), path: "d.jsonl" },
        },
        repositories: [
          entry("acme/widgets"),
          entry("acme/gadgets", {
            language: "go",
            part: "heldout",
            questions: { from: "issues", source: "lite", count: 2 },
          }),
        ],
      }),
    );
    expect(recipe.repositories.map((r) => [r.repo, r.part])).toEqual([
      ["acme/widgets", "train"],
      ["acme/gadgets", "heldout"],
    ]);
    expect(recipe.issueSources.lite?.path).toBe("d.jsonl");
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

  it("refuses a repository listed twice and an issue source it does not define", () => {
    const text = JSON.stringify({
      repositories: [
        entry("acme/widgets"),
        entry("acme/widgets", {
          questions: { from: "issues", source: "nowhere", count: 1 },
        }),
      ],
    });
    expect(() => parseRecipe(text, "recipe.json")).toThrow(
      'recipe.json is not a corpus recipe: repositories.1.repo: acme/widgets is listed twice; repositories.1.questions.source: no issue source named "nowhere".',
    );
  });

  it("says so when the file is not JSON", () => {
    expect(() => parseRecipe("{", "recipe.json")).toThrow(
      /^recipe\.json is not JSON: /,
    );
  });
});

describe("spreadEvenly", () => {
  it("takes items spread over the whole list, in order, the first among them", () => {
    expect(spreadEvenly(["a", "b", "c", "d", "e", "f"], 3)).toEqual([
      "a",
      "c",
      "e",
    ]);
    expect(spreadEvenly([1, 2, 3, 4, 5, 6, 7], 2)).toEqual([1, 4]);
  });

  it("takes them all when there are no more than asked", () => {
    expect(spreadEvenly([1, 2], 5)).toEqual([1, 2]);
    expect(spreadEvenly([], 5)).toEqual([]);
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
});
