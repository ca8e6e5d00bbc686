import { permalink } from "../../src/shared/permalink.js";
import { renderAnswerComment } from "../../src/answer/render-answer-comment.js";

/**
 * One of askcode's answers as it posted it, citing line 1 of README.md at
 * `sha` in `said` (where `{link}` stands for the permalink): what a thread
 * read later must recognise as askcode's and mark with what it cited.
 *
 * @example
 * await earlierAnswer(repository, sha, "The heading is in [README.md]({link}).")
 */
export async function earlierAnswer(
  repository: { owner: string; repo: string },
  sha: string,
  said: string,
): Promise<string> {
  const link = permalink({
    ...repository,
    sha,
    path: "README.md",
    startLine: 1,
    endLine: 1,
  });
  return (
    await renderAnswerComment({
      answer: said.replace("{link}", link),
      repository: { ...repository, sha },
      context: [],
      model: "gpt-4o",
      tokensUsed: 1_000,
    })
  ).body;
}
