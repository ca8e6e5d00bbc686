import { answerQuestion } from "../../../src/run/answer-question.js";
import { FAKE } from "../../helpers/fake-secrets.js";
import { retrievalAnswerInput } from "../../helpers/retrieval-answer-input.js";
import { createScriptedChatModel } from "../../helpers/scripted-chat-model.js";

const SHA = "6dcb09b5b57875f334f61aebed695e2e4193db5e";
const CODE = {
  "src/retry.py":
    "MAX_ATTEMPTS = 4\n\ndef should_retry(attempt):\n    return attempt < MAX_ATTEMPTS\n",
};

async function ask(
  files: Record<string, string>,
  question: string,
  withModel: boolean,
) {
  const model = createScriptedChatModel([
    "Retries stop after `MAX_ATTEMPTS` (`src/retry.py#L1-L1`).",
  ]);
  const rendered = await answerQuestion(
    retrievalAnswerInput(
      SHA,
      { ...CODE, ...files },
      {
        asked: { question },
        services: withModel ? { model } : {},
      },
    ),
  );
  return { rendered, model };
}

describe("the repository's instruction files", () => {
  it.each([
    "AGENTS.md",
    "CLAUDE.md",
    "GEMINI.md",
    ".github/copilot-instructions.md",
    "CONTRIBUTING.md",
  ])(
    "%s is read from the repository at the commit, redacted, and reaches the model's first message labelled with its path",
    async (path) => {
      const text = `Name retry counters attempts, never tries. Deploy key: ${FAKE.githubClassic}\n`;
      const { model } = await ask(
        { [path]: text },
        "@askcode when do we stop retrying?",
        true,
      );
      const first = model.requests[0]?.messages.find((m) => m.role === "user")
        ?.content as string;
      const system = model.requests[0]?.messages.find(
        (m) => m.role === "system",
      )?.content as string;

      expect(first).toContain(
        `# Repository guidance\nThe repository's own guidance`,
      );
      expect(first).toContain(
        `<data from="file ${path} at ${SHA}">\nName retry counters attempts, never tries.`,
      );
      expect(first).not.toContain(FAKE.githubClassic);
      expect(system).toContain(
        "The message ends with the repository's guidance",
      );
    },
  );

  it("shows them in precedence order, each once", async () => {
    const { model } = await ask(
      {
        "CONTRIBUTING.md": "Guide for people.\n",
        "CLAUDE.md": "Same words.\n",
        "AGENTS.md": "Same words.\n",
      },
      "@askcode when do we stop retrying?",
      true,
    );
    const first = model.requests[0]?.messages.find((m) => m.role === "user")
      ?.content as string;

    expect(first.indexOf('from="file AGENTS.md')).toBeGreaterThan(0);
    expect(first.indexOf('from="file CONTRIBUTING.md')).toBeGreaterThan(
      first.indexOf('from="file AGENTS.md'),
    );
    expect(first).not.toContain('from="file CLAUDE.md');
    expect(first).toContain("(CLAUDE.md holds the same text.)");
  });

  it("tells the model nothing of guidance when the repository has none", async () => {
    const { model } = await ask({}, "@askcode when do we stop retrying?", true);
    const messages = model.requests[0]?.messages ?? [];

    expect(messages.map((m) => m.content).join("\n")).not.toContain("guidance");
  });

  it("without a model, names the contributor guide when the question is about contributing", async () => {
    const guides = {
      "AGENTS.md": "Run make check.\n",
      ".github/CONTRIBUTING.md": "Open an issue first.\n",
    };
    const about = await ask(
      guides,
      "@askcode how do I run the tests before I open a pull request?",
      false,
    );
    const other = await ask(
      guides,
      "@askcode when do we stop retrying?",
      false,
    );

    expect(about.rendered.body).toContain(
      `For contributing, this repository's guide is [\`.github/CONTRIBUTING.md\`](https://github.com/octo-org/hello-world/blob/${SHA}/.github/CONTRIBUTING.md).`,
    );
    expect(other.rendered.body).not.toContain("For contributing");
  });
});
