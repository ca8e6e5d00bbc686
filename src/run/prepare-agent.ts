import {
  buildFirstMessage,
  type FirstMessage,
} from "../agent/build-first-message.js";
import type { OutsideNote } from "../agent/render-outside-note.js";
import { buildSystemPrompt } from "../agent/system-prompt.js";
import {
  describeOutsideDependencies,
  linesCited,
} from "../retrieval/dependencies/describe-outside-dependencies.js";
import type { BuiltContext } from "../retrieval/build-context.js";
import { createCodeTools } from "../tools/create-code-tools.js";
import { createPullRequestDiffTool } from "../tools/get-pull-request-diff.js";
import type { AgentTool } from "../tools/tool.js";
import type { GatheredForAnswer } from "./gather-for-answer.js";

/** What the agent loop starts from: its tools, its first message and its system prompt. */
export interface PreparedAgent {
  tools: AgentTool[];
  first: FirstMessage;
  systemPrompt: string;
}

/**
 * The agent's start, from what the answer gathered: the code tools bound to
 * the redacting reader at the commit (and the pull request's diff when the
 * question was asked on one), the first message (the question, the thread,
 * the packed context, the outside packages, the guidance, within the
 * context budget) and the system prompt naming the tools and the mission.
 *
 * @example
 * const { tools, first, systemPrompt } = prepareAgent(gathered);
 */
export function prepareAgent(gathered: GatheredForAnswer): PreparedAgent {
  const { asked, built, repository, settings } = gathered;
  const { tokenCounter } = gathered.services;
  const { budgets } = repository;
  const tools = createCodeTools({
    reader: gathered.reader,
    ref: repository.ref,
    tokenCounter,
    toolResultBudget: budgets.tool_result,
    excludePaths: gathered.excludePaths,
    allowed: settings.tools,
    web: gathered.onWeb,
  });
  if (asked.pullRequest)
    tools.push(
      createPullRequestDiffTool({
        pullRequest: asked.pullRequest,
        tokenCounter,
        toolResultBudget: budgets.tool_result,
        policy: gathered.policy,
      }),
    );
  const first = buildFirstMessage({
    question: asked.question,
    asker: asked.asker,
    issue: asked.issue,
    ...(asked.pullRequest ? { pullRequest: asked.pullRequest } : {}),
    ...(gathered.reviewLines ? { reviewComment: gathered.reviewLines } : {}),
    sha: repository.sha,
    context: {
      text: built.context.text,
      tokensUsed: built.context.tokensUsed,
      note: built.context.note,
      files: built.context.files,
    },
    ...outsideNote(built.outsideDependencies),
    guidance: gathered.guidance,
    budget: budgets.context,
    maxIssueComments: settings.limits.max_thread_comments,
    tokenCounter,
  });
  const systemPrompt = buildSystemPrompt({
    repository: `${repository.owner}/${repository.repo}`,
    sha: repository.sha,
    ref: repository.ref,
    tools: tools.map((tool) => tool.name),
    contextHasMap: built.context.pieces.some((p) => p.form === "signature"),
    hasGuidance: first.report.guidance.some((g) => g.included),
    mission: settings.mission && {
      name: settings.mission.name,
      instructions: settings.mission.instructions,
      outputTemplate: settings.mission.output,
    },
  });
  return { tools, first, systemPrompt };
}

/** The first message's note on packages outside the repository, with places as the model cites them. */
function outsideNote(found: BuiltContext["outsideDependencies"]): {
  outside?: OutsideNote;
} {
  const note = describeOutsideDependencies(
    found,
    (line) => `${line.path}#L${line.line}`,
  );
  return note ? { outside: { note, lines: linesCited(found) } } : {};
}
