import { answerQuestion } from "../../../src/run/answer-question.js";
import { WEB_FRAMEWORK } from "../../helpers/outside-dependency-repos.js";
import { retrievalAnswerInput } from "../../helpers/retrieval-answer-input.js";
import { createScriptedChatModel } from "../../helpers/scripted-chat-model.js";

const SHA = "6dcb09b5b57875f334f61aebed695e2e4193db5e";
const ISSUE = { number: 7, title: "Error handlers", body: null, comments: [] };

describe("answerQuestion names the package outside the repository", () => {
  it("in the retrieval answer, when no model answers", async () => {
    const { body } = await answerQuestion(
      retrievalAnswerInput(SHA, WEB_FRAMEWORK, {
        asked: {
          question: "how does next(err) choose an error handler",
          issue: ISSUE,
        },
      }),
    );
    expect(body).toContain(
      "Part of this lives outside the repository, in a package it depends on:\n- `router`, declared at [`package.json`, line 9]",
    );
  });

  it("in the model's first message, with the lines it cites counted as seen", async () => {
    const model = createScriptedChatModel([
      "`next(err)` is the `router` package's: see package.json#L9 and lib/application.js#L28.",
    ]);
    const { body } = await answerQuestion(
      retrievalAnswerInput(SHA, WEB_FRAMEWORK, {
        asked: {
          question: "how does next(err) choose an error handler",
          issue: ISSUE,
        },
        services: { model },
      }),
    );
    const first = String(model.requests[0]?.messages[1]?.content);
    expect(first).toContain(
      "# Outside the repository\nPart of this lives outside the repository, in a package it depends on:\n" +
        "- `router`, declared at package.json#L9 and imported at lib/application.js#L6: the question's `next` is defined nowhere in the repository, and lib/application.js#L28 is where it meets `router`.",
    );
    // The model's citations of those lines stand.
    expect(body).toContain(`/blob/${SHA}/package.json#L9`);
    expect(model.remaining()).toBe(0);
  });

  it("nowhere, for a question the repository's own code answers", async () => {
    const model = createScriptedChatModel(["`app.listen` starts the server."]);
    await answerQuestion(
      retrievalAnswerInput(SHA, WEB_FRAMEWORK, {
        asked: {
          question: "how does `app.listen` start the server?",
          issue: ISSUE,
        },
        services: { model },
      }),
    );
    expect(String(model.requests[0]?.messages[1]?.content)).not.toContain(
      "Outside the repository",
    );
  });
});
