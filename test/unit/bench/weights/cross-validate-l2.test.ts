import {
  crossValidateL2,
  repositoryFolds,
} from "../../../../bench/weights/cross-validate-l2.js";
import type { QuestionRows } from "../../../../bench/weights/label-chunks.js";
import { CHUNK_SIGNALS } from "../../../../src/retrieval/rank/chunk-signals.js";

const at = (s: (typeof CHUNK_SIGNALS)[number]) => CHUNK_SIGNALS.indexOf(s);

// Each repository's fix lies in its chunk beside the best, as in every
// repository, but also in a chunk a signal of its own marks (a habit of that
// repository's code), a signal that in the next repository marks a chunk
// the fix never touches. A fit that trusts each repository's habit loses on a
// repository it has not seen; one held back by L2 carries.
const HABITS = ["definition", "caller", "phrase", "stackFrame"] as const;

function questions(): QuestionRows[] {
  return HABITS.flatMap((habit, r) =>
    Array.from({ length: 6 }, (_, q) => ({
      id: `r${r}-${q}`,
      repo: `o/repo-${r}`,
      goldLines: 10,
      goldFiles: 1,
      chunks: Array.from({ length: 6 }, (_, i) => {
        const x = new Array<number>(CHUNK_SIGNALS.length).fill(0);
        x[at("bias")] = 1;
        x[at("score")] = 1 - i / 10;
        x[at("besideBest")] = i === 3 ? 1 : 0;
        x[at(habit)] = i === 4 ? 1 : 0;
        // The previous repository's habit, on a chunk the fix does not touch.
        x[at(HABITS[(r + 3) % 4] as (typeof HABITS)[number])] = i === 5 ? 1 : 0;
        return {
          x,
          gold: i === 3 ? 6 : i === 4 ? 4 : 0,
          goldFile: (i === 3 || i === 4 ? 1 : 0) as 0 | 1,
          file: i,
          tokens: 100,
        };
      }),
    })),
  );
}

describe("repositoryFolds", () => {
  it("keeps each repository in one fold, repositories dealt out in the order of their names", () => {
    const folds = repositoryFolds(questions().reverse(), 2);
    expect(folds.map((f) => [...new Set(f.map((q) => q.repo))].sort())).toEqual(
      [
        ["o/repo-0", "o/repo-2"],
        ["o/repo-1", "o/repo-3"],
      ],
    );
    expect(() => repositoryFolds(questions(), 5)).toThrow(
      "repositoryFolds: folds must be an integer from 2 to the 4 repositories, got 5",
    );
  });
});

describe("crossValidateL2", () => {
  it("measures each L2 on repositories its fits did not see, and each head keeps the one of least loss there", () => {
    const logged: string[] = [];
    const choice = crossValidateL2(
      questions(),
      { folds: 4, grid: [0, 0.05], steps: 200 },
      (line) => logged.push(line),
    );
    const [free, held] = choice.points;
    // Unheld, the line head learns each repository's habit and pays for it
    // where the habit marks the wrong chunk.
    expect(held?.line).toBeLessThan(free?.line as number);
    expect(choice.chosen.line).toBe(0.05);
    for (const head of ["line", "file"] as const)
      expect(choice.chosen[head]).toBe(
        choice.points.reduce((a, b) => (b[head] < a[head] ? b : a)).l2,
      );
    expect(logged).toHaveLength(2);
    expect(logged[0]).toMatch(/^L2 0: held-out loss per question, line /);
  });

  it("gives the same choice from the same rows in any order", () => {
    const options = { folds: 2, grid: [0, 0.05], steps: 50 };
    expect(
      JSON.stringify(crossValidateL2(questions().reverse(), options)),
    ).toBe(JSON.stringify(crossValidateL2(questions(), options)));
  });
});
