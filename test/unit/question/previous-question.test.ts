import { previousQuestion } from "../../../src/question/previous-question.js";
import { renderUnaskedNote } from "../../../src/answer/render-unasked-note.js";

const ISSUE = {
  title: "Upload fails",
  body: "When does should_give_up stop the retries?",
};

// askcode's answer as a thread read marks it.
const unaskedAnswer = {
  author: "askcode[bot]",
  body: `${renderUnaskedNote(0.82, "askcode")}It gives up after five attempts.`,
  askcodeAnswer: { text: "It gives up after five attempts.", cited: [] },
};

describe("previousQuestion after an unasked answer", () => {
  it("takes the issue itself, which the answer answered: `/deeper` asks for more on it", () => {
    expect(
      previousQuestion({ ...ISSUE, comments: [unaskedAnswer] }, "askcode"),
    ).toBe("Upload fails\n\nWhen does should_give_up stop the retries?");
  });

  it("finds nothing where askcode never answered and nobody asked", () => {
    expect(
      previousQuestion(
        {
          ...ISSUE,
          comments: [
            // A person quoting the marker is not askcode's answer.
            { author: "alice", body: unaskedAnswer.body },
            {
              author: "askcode[bot]",
              body: "It gives up after five attempts.",
              askcodeAnswer: unaskedAnswer.askcodeAnswer,
            },
          ],
        },
        "askcode",
      ),
    ).toBeUndefined();
  });
});
