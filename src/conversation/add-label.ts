import type { QuestionJob } from "../question/question-job.js";
import type { QuestionOctokit } from "./question-octokit.js";

// https://docs.github.com/en/graphql/reference/mutations#addlabelstolabelable
const LABEL_ID = `query LabelId($owner: String!, $repo: String!, $name: String!) {
  repository(owner: $owner, name: $repo) { label(name: $name) { id } }
}`;
const ADD_LABELS = `mutation AddLabels($labelableId: ID!, $labelIds: [ID!]!) {
  addLabelsToLabelable(input: { labelableId: $labelableId, labelIds: $labelIds }) { clientMutationId }
}`;

/**
 * Adds a label by name to the issue or discussion a job is about (the
 * unasked gate's `silent_label`). On an issue, REST's "add labels" creates a
 * label the repository lacks; a discussion takes only a label that exists,
 * by its node id, so a missing one is an error that names it.
 * https://docs.github.com/en/rest/issues/labels#add-labels-to-an-issue
 *
 * @example
 * await addLabel(octokit, job, "needs-triage");
 */
export async function addLabel(
  octokit: QuestionOctokit,
  job: Pick<QuestionJob, "owner" | "repo" | "issueNumber" | "reactTo">,
  name: string,
): Promise<void> {
  const { owner, repo, reactTo } = job;
  if (reactTo.kind !== "discussion") {
    await octokit.request(
      "POST /repos/{owner}/{repo}/issues/{issue_number}/labels",
      { owner, repo, issue_number: job.issueNumber, labels: [name] },
    );
    return;
  }
  const found = (await octokit.graphql(LABEL_ID, { owner, repo, name })) as {
    repository: { label: { id: string } | null } | null;
  };
  const id = found.repository?.label?.id;
  if (!id)
    throw new Error(
      `${owner}/${repo} has no label "${name}" (unasked.silent_label); create it for askcode to add it to discussions`,
    );
  await octokit.graphql(ADD_LABELS, {
    labelableId: reactTo.discussion.nodeId,
    labelIds: [id],
  });
}
