import { askedQuestion } from "../../../src/question/asked-question.js";
import { findAskedRef } from "../../../src/question/find-asked-ref.js";

const ISSUE = {
  title: "Uploads give up",
  body: "After one 502 the upload stops.",
};
const REPOSITORY = {
  owner: "octo-org",
  repo: "hello-world",
  htmlUrl: "https://github.com/octo-org/hello-world",
};

describe("askedQuestion", () => {
  it("is the question as asked when it names no ref", () => {
    const task = {
      kind: "question" as const,
      question: "where is retry decided?",
    };
    expect(askedQuestion(task, undefined, ISSUE)).toBe(
      "where is retry decided?",
    );
  });

  it("drops the words that named a ref", () => {
    const question = "on v2.1 where is retry decided?";
    const asked = findAskedRef(question, REPOSITORY);
    expect(asked?.ref).toBe("v2.1");
    expect(
      askedQuestion({ kind: "question", question }, asked, ISSUE),
    ).not.toContain("v2.1");
  });

  it("is the issue's title and body for a mission, or when only a ref was asked", () => {
    const mission = {
      kind: "mission" as const,
      mission: "triage",
      label: "triage",
    };
    const issueText = "Uploads give up\n\nAfter one 502 the upload stops.";
    expect(askedQuestion(mission, undefined, ISSUE)).toBe(issueText);
    expect(
      askedQuestion(
        { kind: "question", question: "on v2.1" },
        { ref: "v2.1", from: "phrase", question: "" },
        ISSUE,
      ),
    ).toBe(issueText);
  });
});
