import type { PullRequestFacts } from "../code-host/pull-request-facts.js";
import type { TokenCounter } from "../tokens/token-counter.js";
import { dataBlock } from "./data-block.js";

/**
 * The pull request a question was asked on, for the model's first message:
 * which commit the code is read at and where it would merge, then the
 * changed files (status, lines added and removed) in GitHub's order, as many
 * as fit `budget`, saying how many were left out. File names come from
 * whoever opened the pull request, so the list is a data block. The diffs
 * themselves are the `get_pull_request_diff` tool's.
 *
 * @example
 * renderPullRequest(pr, 1_500, counter)
 * // "# Pull request #1347\nThe code is read at the pull request's head, commit 6dcb09b… (branch new-topic of octo/hello), which would merge into master. …"
 */
export function renderPullRequest(
  pr: PullRequestFacts,
  budget: number,
  counter: TokenCounter,
): string {
  const from =
    pr.head.repository === null
      ? `branch ${pr.head.ref} of a deleted fork`
      : `branch ${pr.head.ref} of ${pr.head.repository}`;
  const intro =
    `# Pull request #${pr.number}\n` +
    `The code is read at the pull request's head, commit ${pr.head.sha} (${from}), which would merge into ${pr.base.ref}` +
    (pr.state === "open" ? "." : ` (the pull request is ${pr.state}).`) +
    ` It changes ${pr.changedFiles} file${pr.changedFiles === 1 ? "" : "s"}; get_pull_request_diff shows a file's diff.`;
  const lines: string[] = [];
  let left = budget - counter.count(intro) - 30;
  for (const file of pr.files) {
    const line = `- ${file.path}${file.previousPath ? ` (renamed from ${file.previousPath})` : ""}: ${file.status}, +${file.additions} −${file.deletions}`;
    const cost = counter.count(line) + 1;
    if (cost > left) break;
    left -= cost;
    lines.push(line);
  }
  const omitted = pr.changedFiles - lines.length;
  return (
    `${intro}\n` +
    dataBlock(`files changed by pull request #${pr.number}`, lines.join("\n")) +
    (omitted > 0 ? `\n(${omitted} more changed files are not listed.)` : "")
  );
}
