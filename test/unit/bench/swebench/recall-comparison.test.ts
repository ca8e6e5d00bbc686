import { renderRecallComparison } from "../../../../bench/swebench/recall-comparison.js";
import { run, scoredQuestion } from "../../../helpers/scored-questions.js";

describe("renderRecallComparison", () => {
  const question = (id: string, askcode: ReturnType<typeof run>) =>
    scoredQuestion(id, "rust", askcode, run(0, 1, 0, 4, 7000));

  it("gives both runs' recall on the instances both hold, in the report's columns, and the change in points", () => {
    const a = [
      question("one", run(2, 2, 6, 10, 7900, 2)),
      question("two", run(1, 1, 4, 4, 7800, 1)),
      // Only in --a: left out of both rows.
      question("three", run(0, 1, 0, 4, 7800, 0)),
    ];
    const b = [
      // The second file now only in the map, and fewer of its lines shown.
      question("one", run(2, 2, 3, 10, 7900, 1)),
      question("two", run(1, 1, 4, 4, 7800, 1)),
    ];
    expect(renderRecallComparison(a, b)).toMatchInlineSnapshot(`
     "| budget | run   | n | askcode body Avg | lines | micro | +map Avg | body All | +map All | body Any | +map Any |
     |:-------|:------|--:|-----------------:|------:|------:|---------:|---------:|---------:|---------:|---------:|
     | 8k     | --a   | 2 |           100.0% | 80.0% | 71.4% |   100.0% |   100.0% |   100.0% |   100.0% |   100.0% |
     | 8k     | --b   | 2 |            75.0% | 65.0% | 50.0% |   100.0% |    50.0% |   100.0% |   100.0% |   100.0% |
     | 8k     | b − a |   |            -25.0 | -15.0 | -21.4 |      0.0 |    -50.0 |      0.0 |      0.0 |      0.0 |"
    `);
  });

  it("signs a rise with a plus", () => {
    const before = [question("one", run(2, 2, 3, 10, 7900, 1))];
    const after = [question("one", run(2, 2, 6, 10, 7900, 2))];
    const delta = renderRecallComparison(before, after).split("\n")[4];
    expect(delta?.split("|").map((cell) => cell.trim())).toEqual([
      "",
      "8k",
      "b − a",
      "",
      "+50.0",
      "+30.0",
      "+30.0",
      "0.0",
      "+100.0",
      "0.0",
      "0.0",
      "0.0",
      "",
    ]);
  });
});
