import { defaultRepoConfig } from "../../../src/config/parse-repo-config.js";
import { planRun } from "../../../src/run/plan-run.js";

describe("planRun for a question nobody asked", () => {
  it("reads no command in a new issue's text: an issue titled `/help` is answered, not given the help page", () => {
    expect(
      planRun(
        {
          task: { kind: "question", question: "/help the upload hangs" },
          askerAssociation: "NONE",
          config: defaultRepoConfig(),
          unasked: { confidence: 0.9 },
        },
        { title: "/help the upload hangs", body: "", comments: [] },
        "askcode",
      ),
    ).toStrictEqual({
      kind: "answer",
      task: { kind: "question", question: "/help the upload hangs" },
      form: "model",
    });
  });
});
