import {
  issueNumber,
  simulateSimilarIssues,
  type SimulatedIssue,
} from "../../../../bench/similar-issues/simulate-similar-issues.js";
import {
  chooseThreshold,
  thresholdTable,
} from "../../../../bench/similar-issues/similar-issues-table.js";
import type { Instance } from "../../../../bench/swebench/load-instances.js";

function row(
  repo: string,
  number: number,
  text: string,
  gold: string[],
): Instance {
  return {
    instance_id: `${repo.replace("/", "__")}-${number}`,
    repo,
    base_commit: "a".repeat(40),
    problem_statement: text,
    gold_files: gold,
  } as Instance;
}

const ROWS = [
  // Out of issue order, as a file may hold them.
  row(
    "o/r",
    30,
    "Upload retries forever\n`upload` never gives up after a 500",
    ["src/upload.py"],
  ),
  row("o/r", 10, "Upload never gives up\n`upload` keeps retrying after a 500", [
    "src/upload.py",
  ]),
  row("o/r", 20, "Dark mode\nPlease add a dark theme", ["src/theme.css"]),
  row(
    "o/other",
    5,
    "Upload never gives up\n`upload` keeps retrying after a 500",
    ["src/upload.py"],
  ),
];

describe("simulateSimilarIssues", () => {
  it("replays each repository in issue order: only earlier issues of the same repository are candidates, related when the fixes share a file", () => {
    const simulated = simulateSimilarIssues(ROWS);

    expect(simulated.map((s) => s.instanceId)).toStrictEqual([
      "o__r-20",
      "o__r-30",
    ]);
    const [darkMode, retries] = simulated;
    // The dark-mode issue shares no search word with issue 10.
    expect(darkMode).toStrictEqual({
      instanceId: "o__r-20",
      relatedExists: false,
      best: [],
    });
    expect(retries!.relatedExists).toBe(true);
    expect(retries!.best[0]).toMatchObject({ number: 10, related: true });
    expect(retries!.best.map((b) => b.number)).not.toContain(5);
  });

  it("reads the issue number off the instance id, and says which id has none", () => {
    expect(issueNumber({ instance_id: "a__b-1234" })).toBe(1234);
    expect(() => issueNumber({ instance_id: "a__b" })).toThrow(
      "a__b does not end in -<issue number>",
    );
  });
});

describe("thresholdTable and chooseThreshold", () => {
  const issues: SimulatedIssue[] = [
    {
      instanceId: "a",
      relatedExists: true,
      best: [
        { number: 1, score: 0.9, related: true },
        { number: 2, score: 0.5, related: false },
      ],
    },
    {
      instanceId: "b",
      relatedExists: false,
      best: [{ number: 3, score: 0.6, related: false }],
    },
    { instanceId: "c", relatedExists: false, best: [] },
  ];

  it("counts the links at or above each threshold, their precision and the issues linked", () => {
    expect(thresholdTable(issues, [0.5, 0.7])).toStrictEqual([
      {
        threshold: 0.5,
        shown: 3,
        related: 1,
        precision: 1 / 3,
        linked: 2,
        coverage: 2 / 3,
      },
      {
        threshold: 0.7,
        shown: 1,
        related: 1,
        precision: 1,
        linked: 1,
        coverage: 1 / 3,
      },
    ]);
  });

  it("chooses the lowest threshold whose precision holds there and above, on enough links", () => {
    const table = thresholdTable(issues, [0.5, 0.6, 0.7, 0.95]);
    expect(chooseThreshold(table, 0.8, 1)?.threshold).toBe(0.7);
    expect(chooseThreshold(table, 0.8, 2)).toBeUndefined();
  });
});
