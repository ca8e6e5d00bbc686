import { fileURLToPath } from "node:url";
import { loadMissions } from "../../../src/missions/load-missions.js";
import type { Mission } from "../../../src/missions/mission-schema.js";
import type { QuestionJob } from "../../../src/question/question-job.js";
import { defaultRepoConfig } from "../../../src/config/parse-repo-config.js";
import type { ThreadComment } from "../../../src/question/issue-thread.js";
import type { RepoConfig } from "../../../src/config/repo-config-schema.js";
import { COMMANDS, describeCommand } from "../../../src/question/commands.js";
import type { CodeReader } from "../../../src/code-host/code-host.js";
import { runQuestion } from "../../../src/run/run-question.js";
import { createFakeClock } from "../../helpers/fake-clock.js";
import { memoryCodeHost } from "../../helpers/memory-code-host.js";
import { questionJob } from "../../helpers/question-job.js";
import { recordingComments } from "../../helpers/recording-comments.js";
import { retrievalRunDeps } from "../../helpers/retrieval-run-deps.js";
import { createScriptedChatModel } from "../../helpers/scripted-chat-model.js";
import { testConversation } from "../../helpers/test-conversation.js";

const SHA = "6dcb09b5b57875f334f61aebed695e2e4193db5e";
const FILES = {
  "src/retry.py":
    "MAX_ATTEMPTS = 5\n\ndef should_give_up(attempt, status):\n    return attempt >= MAX_ATTEMPTS\n",
};
const MODEL_ANSWER = "It gives up after `MAX_ATTEMPTS` (`src/retry.py#L1-L1`).";

/** `question` (the words beside the mention) asked by someone of `association`, with a model configured. */
async function ask(
  question: string,
  options: {
    /** A mission to run instead of the question. */
    task?: QuestionJob["task"];
    association?: string;
    comments?: ThreadComment[];
    config?: Partial<RepoConfig>;
    /** The host's history of lines (none: it keeps none). */
    lineHistory?: CodeReader["lineHistory"];
  } = {},
) {
  const { comments, bodies } = recordingComments({
    title: "Retries",
    comments: options.comments ?? [],
  });
  const model = createScriptedChatModel([MODEL_ANSWER]);
  const read: string[] = [];
  const host = memoryCodeHost(SHA, FILES);
  const outcome = await runQuestion(
    questionJob({
      task: options.task ?? { kind: "question", question },
      askerAssociation: options.association ?? "NONE",
      config: {
        ...defaultRepoConfig(),
        exclude_paths: ["fixtures/"],
        ...options.config,
      },
    }),
    retrievalRunDeps({
      clientsFor: async (job) => ({
        conversation: testConversation(job, comments),
        codeHost: {
          ...host,
          resolveRef: async (ref, o) => {
            read.push(ref ?? "default");
            return host.resolveRef(ref, o);
          },
          at: (sha, o) => ({
            ...host.at(sha, o),
            ...(options.lineHistory && { lineHistory: options.lineHistory }),
          }),
        },
      }),
      modelFor: () => model,
      clock: createFakeClock(),
      missions,
    }),
  );
  return { outcome, reply: bodies.at(-1) ?? "", model, read };
}

let missions: Mission[];
beforeAll(async () => {
  missions = await loadMissions(
    fileURLToPath(new URL("../../../missions/", import.meta.url)),
  );
});

const earlier = (body: string): ThreadComment => ({
  author: "alice",
  association: "MEMBER",
  body,
});

describe("commands", () => {
  it("/help lists every command from the one table and this repository's settings, reading no code", async () => {
    const { outcome, reply, model, read } = await ask("/help");

    expect(outcome).toStrictEqual({ kind: "answered" });
    for (const command of COMMANDS)
      expect(reply).toContain(
        `| \`@askcode ${command.usage}\` | ${command.does}`,
      );
    expect(reply).toContain("The model `gpt-4o` answers");
    expect(reply).toContain("- Progress: `checklist`");
    expect(reply).toContain(
      "- People outside the repository get the model's answer (`outsiders`).",
    );
    expect(reply).toContain("- Never read: `fixtures/`");
    expect(read).toStrictEqual([]);
    expect(model.requests).toHaveLength(0);
  });

  it("/sources lists the places as links, with no excerpt and no model", async () => {
    const { reply, model } = await ask(
      "/sources where does the retry give up?",
    );

    expect(reply).toMatch(
      new RegExp(
        `^1\\. \\[\`src/retry\\.py\`, lines? [0-9-]+\\]\\(https://github\\.com/octo-org/hello-world/blob/${SHA}/src/retry\\.py#L`,
        "m",
      ),
    );
    expect(reply).not.toContain("```");
    expect(reply).not.toContain("Here is what a search");
    expect(model.requests).toHaveLength(0);
  });

  it("/no-model answers from retrieval alone though a model is configured", async () => {
    const { reply, model } = await ask(
      "/NO-MODEL where does the retry give up?",
    );

    expect(reply).toContain("Here is what a search of the code");
    expect(reply).toContain("retrieval only, no model");
    expect(model.requests).toHaveLength(0);
  });

  it("/deeper alone asks a member's previous question again, with the model", async () => {
    const { outcome, reply, model } = await ask("/deeper", {
      association: "MEMBER",
      comments: [earlier("@askcode /sources where does the retry give up?")],
    });

    expect(outcome).toStrictEqual({ kind: "answered" });
    expect(reply).toContain("It gives up after `MAX_ATTEMPTS`");
    const first = model.requests[0]?.messages.find((m) => m.role === "user");
    // The question asked is the earlier one, without its command.
    expect(first?.content).toMatch(
      /^# Question\n<data [^>]*>\nwhere does the retry give up\?\n<\/data>/,
    );
  });

  it("/why alone answers the previous question with the model, then the history of the lines it cites", async () => {
    const asked: string[] = [];
    const { outcome, reply } = await ask("/why", {
      comments: [earlier("@askcode where does the retry give up?")],
      lineHistory: async (path, startLine, endLine) => {
        asked.push(`${path}:${startLine}-${endLine}`);
        return {
          path,
          startLine,
          endLine,
          limits: [],
          ranges: [
            {
              startLine,
              endLine,
              commit: {
                sha: "c".repeat(40),
                headline: "Give up after five attempts",
                committedAt: "2025-03-04T05:06:07Z",
                pullRequest: {
                  number: 7,
                  title: "Bound retries",
                  merged: true,
                },
              },
            },
          ],
        };
      },
    });

    expect(outcome).toStrictEqual({ kind: "answered" });
    expect(asked).toStrictEqual(["src/retry.py:1-1"]);
    expect(reply).toContain(
      `**History of the cited lines**\n\n- [\`src/retry.py\`, line 1](https://github.com/octo-org/hello-world/blob/${SHA}/src/retry.py#L1): [\`ccccccc\`](https://github.com/octo-org/hello-world/commit/${"c".repeat(40)}) Give up after five attempts (2025-03-04), pull request [#7 Bound retries](https://github.com/octo-org/hello-world/pull/7)`,
    );
  });

  it("/why from someone the repository answers from retrieval alone shows the history of its places", async () => {
    const { reply, model } = await ask("/why where does the retry give up?", {
      config: { outsiders: "retrieval" },
      lineHistory: async (path, startLine, endLine) => ({
        path,
        startLine,
        endLine,
        limits: [
          "GitHub's blame of src/retry.py timed out: its history was not read.",
        ],
        ranges: [],
      }),
    });
    expect(model.requests).toHaveLength(0);
    expect(reply).toContain("retrieval only");
    expect(reply).toContain(
      `**History of the cited lines**\n\n- [\`src/retry.py\`, lines 1-4](https://github.com/octo-org/hello-world/blob/${SHA}/src/retry.py#L1-L4): GitHub's blame of src/retry.py timed out: its history was not read.`,
    );
  });

  it("the same question without /why has no history", async () => {
    const { reply } = await ask("where does the retry give up?", {
      lineHistory: async () => {
        throw new Error("not asked");
      },
    });
    expect(reply).toContain("It gives up after `MAX_ATTEMPTS`");
    expect(reply).not.toContain("History of the cited lines");
  });

  it("/deeper from someone who is not a member is refused, with what to do instead", async () => {
    const { outcome, reply, model, read } = await ask(
      "/deeper where does the retry give up?",
    );

    expect(outcome).toStrictEqual({ kind: "failed", reason: "members-only" });
    expect(reply).toContain(
      "`/deeper` is for the repository's owners, members and collaborators",
    );
    expect(read).toStrictEqual([]);
    expect(model.requests).toHaveLength(0);
  });

  it("an unknown command gets a reply naming the nearest one, not an answer to the typo", async () => {
    const { outcome, reply, model } = await ask("/sourcse where is it?");

    expect(outcome).toStrictEqual({
      kind: "failed",
      reason: "unknown-command",
    });
    expect(reply).toContain(
      "askcode has no command `/sourcse`; did you mean `/sources`?",
    );
    expect(model.requests).toHaveLength(0);
  });

  it("a slash that starts a path, or a command in a code span, is a plain question for the model", async () => {
    const path = await ask("/etc/askcode.yml is read where?");
    const span = await ask("why is `/help` slow?");

    expect(path.model.requests).toHaveLength(1);
    expect(span.model.requests).toHaveLength(1);
  });

  it("/retry runs the previous question again", async () => {
    const { reply, model } = await ask("/retry", {
      comments: [earlier("@askcode where does the retry give up?")],
    });

    expect(reply).toContain("It gives up after `MAX_ATTEMPTS`");
    expect(model.requests).toHaveLength(1);
  });

  describe("with `outsiders: retrieval`", () => {
    const config = { outsiders: "retrieval" as const };

    it("answers someone outside the repository from retrieval alone, saying why and how a member gets the model's answer", async () => {
      const { reply, model } = await ask("where does the retry give up?", {
        association: "CONTRIBUTOR",
        config,
      });

      expect(model.requests).toHaveLength(0);
      expect(reply).toMatch(
        /^This repository answers people outside it from a search of the code alone\. One of its members can ask for the model's answer with `@askcode \/retry`\./,
      );
      expect(reply).toContain("retrieval only, no model");
    });

    const triage = {
      kind: "mission",
      mission: "bug_triage",
      label: "askcode: triage",
    } as const;

    it("runs a mission whose label an outsider's issue template applied from retrieval alone, saying a member can apply it again", async () => {
      const { outcome, reply, model } = await ask("", {
        task: triage,
        association: "NONE",
        config,
      });

      expect(outcome).toStrictEqual({ kind: "answered" });
      expect(model.requests).toHaveLength(0);
      expect(reply).toMatch(
        /^This repository answers people outside it from a search of the code alone\. One of its members can run this with the model by removing the label `askcode: triage` and adding it again\./,
      );
      expect(reply).toContain("retrieval only, no model");
    });

    it("runs a mission a member's label started with the model", async () => {
      const { reply, model } = await ask("", {
        task: triage,
        association: "COLLABORATOR",
        config,
      });

      expect(model.requests).toHaveLength(1);
      expect(reply).toContain("It gives up after `MAX_ATTEMPTS`");
    });

    it("gives a member the model's answer, and a member's /retry runs the outsider's question with the model", async () => {
      const member = await ask("where does the retry give up?", {
        association: "MEMBER",
        config,
      });
      const retried = await ask("/retry", {
        association: "MEMBER",
        config,
        comments: [
          {
            author: "visitor",
            association: "NONE",
            body: "@askcode where does the retry give up?",
          },
        ],
      });

      expect(member.model.requests).toHaveLength(1);
      expect(retried.reply).toContain("It gives up after `MAX_ATTEMPTS`");
      expect(retried.model.requests).toHaveLength(1);
    });
  });
});
