import { issueSearchWords } from "../../../src/answer-records/issue-search-words.js";
import { scoreSimilarIssues } from "../../../src/answer-records/score-similar-issues.js";

const QUESTION = {
  text: "Upload never gives up on a 500\n\n`should_give_up` keeps returning False when the server answers 500, so `upload` retries forever.",
  places: ["src/upload.py", "src/server.py"],
};

const SAME_BUG = {
  number: 12,
  title: "Upload retries forever",
  body: "When the server answers 500, `should_give_up` returns False and `upload` never stops retrying.",
};
const OTHER_BUG = {
  number: 30,
  title: "Docs: the README's install section is out of date",
  body: "The README still says pip install hello-world; the package is now called hello.",
};

describe("scoreSimilarIssues", () => {
  it("ranks the issue about the same code above one that only shares common words, each score in [0, 1]", () => {
    const scored = scoreSimilarIssues(QUESTION, [OTHER_BUG, SAME_BUG]);

    expect(scored.map((s) => s.candidate.number)).toStrictEqual([12, 30]);
    expect(scored[0]!.text).toBeGreaterThan(0.3);
    expect(scored[1]!.text).toBeLessThan(0.1);
    for (const { score } of scored) {
      expect(score).toBeGreaterThanOrEqual(0);
      expect(score).toBeLessThanOrEqual(1);
    }
  });

  it("scores an identical text 1 and a text with no word in common 0", () => {
    const [same, none] = scoreSimilarIssues(
      { text: QUESTION.text, places: [] },
      [
        {
          number: 1,
          title: "Upload never gives up on a 500",
          body: QUESTION.text.split("\n\n")[1]!,
        },
        { number: 2, title: "Dark mode", body: "Please add a dark theme." },
      ],
    );

    expect(same!.score).toBeCloseTo(1, 5);
    expect(none!.score).toBe(0);
  });

  it("raises the score a little by each of the question's best files the candidate names or its earlier answer cited", () => {
    const unrelatedText = { title: "Slow start", body: "It takes long." };
    const scored = scoreSimilarIssues(QUESTION, [
      { number: 1, ...unrelatedText },
      { number: 2, ...unrelatedText, body: "It takes long in upload.py." },
      {
        number: 3,
        ...unrelatedText,
        cited: ["src/upload.py", "src/server.py"],
      },
    ]);
    const byNumber = new Map(scored.map((s) => [s.candidate.number, s]));
    const raised = (n: number, files: number) =>
      1 - (1 - byNumber.get(n)!.text) * (1 - 0.1 * files);

    expect(byNumber.get(1)!.shared).toStrictEqual([]);
    expect(byNumber.get(1)!.score).toBe(byNumber.get(1)!.text);
    expect(byNumber.get(2)!.shared).toStrictEqual(["src/upload.py"]);
    expect(byNumber.get(2)!.score).toBeCloseTo(raised(2, 1), 10);
    expect(byNumber.get(3)!.shared).toStrictEqual([
      "src/upload.py",
      "src/server.py",
    ]);
    expect(byNumber.get(3)!.score).toBeCloseTo(raised(3, 2), 10);
  });

  it("weighs down a word every candidate has: the one the search asked for says least", () => {
    const [best] = scoreSimilarIssues(
      { text: "crash when parsing the config file with tabs", places: [] },
      [
        { number: 1, title: "crash on start", body: "crash crash crash" },
        {
          number: 2,
          title: "crash in config",
          body: "parsing a config file with tabs",
        },
        { number: 3, title: "crash on exit", body: "crash" },
      ],
    );

    expect(best!.candidate.number).toBe(2);
  });
});

describe("issueSearchWords", () => {
  it("takes the question's strongest words as written, names in backticks first, never a stem", () => {
    expect(
      issueSearchWords(
        "Upload never gives up\n\n`should_give_up` returns False on 500",
      ),
    ).toStrictEqual(["should_give_up", "gives", "never", "upload", "returns"]);
  });

  it("takes at most the words GitHub's search allows with its five ORs", () => {
    expect(
      issueSearchWords(
        "alpha bravo charlie delta echo foxtrot golf hotel india",
      ),
    ).toHaveLength(6);
  });
});
