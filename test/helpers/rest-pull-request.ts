import { readFileSync } from "node:fs";

interface Example {
  name: string;
  examples: Array<Record<string, unknown> & { action?: string }>;
}

/**
 * Pull request #2 of Codertocat/Hello-World as `GET
 * /repos/{owner}/{repo}/pulls/{n}` sends it. A webhook's `pull_request` is
 * the same object, so it is the `pull_request.opened` example that carries an
 * installation (@octokit/webhooks-examples), with only the named fields changed.
 * https://docs.github.com/en/rest/pulls/pulls#get-a-pull-request
 */
export function restPullRequest(
  changes: {
    number?: number;
    headSha?: string;
    /** "owner/name" of the head's repository; null: a deleted fork. */
    headRepository?: string | null;
    changedFiles?: number;
  } = {},
) {
  const index = JSON.parse(
    readFileSync(
      new URL(
        "../../node_modules/@octokit/webhooks-examples/api.github.com/index.json",
        import.meta.url,
      ),
      "utf8",
    ),
  ) as Example[];
  const opened = index
    .find((e) => e.name === "pull_request")!
    .examples.find((e) => e.action === "opened" && "installation" in e)!;
  const pull = structuredClone(opened.pull_request) as Record<
    string,
    unknown
  > & {
    number: number;
    changed_files: number;
    head: { sha: string; repo: { full_name: string } | null };
  };
  if (changes.number !== undefined) pull.number = changes.number;
  if (changes.headSha !== undefined) pull.head.sha = changes.headSha;
  if (changes.headRepository === null) pull.head.repo = null;
  else if (changes.headRepository !== undefined)
    pull.head.repo = { ...pull.head.repo, full_name: changes.headRepository };
  if (changes.changedFiles !== undefined)
    pull.changed_files = changes.changedFiles;
  return pull;
}

/**
 * One entry of `GET /repos/{owner}/{repo}/pulls/{n}/files`, in the shape
 * GitHub documents, its counts taken from the patch.
 * https://docs.github.com/en/rest/pulls/pulls#list-pull-requests-files
 */
export function restPullRequestFile(
  filename: string,
  patch: string | undefined,
  status = "modified",
) {
  const lines = patch?.split("\n") ?? [];
  const additions = lines.filter((l) => l.startsWith("+")).length;
  const deletions = lines.filter((l) => l.startsWith("-")).length;
  const blob = "bbcd538c8e72b8c175046e27cc8f907076331401";
  return {
    sha: blob,
    filename,
    status,
    additions,
    deletions,
    changes: additions + deletions,
    blob_url: `https://github.com/Codertocat/Hello-World/blob/${blob}/${filename}`,
    raw_url: `https://github.com/Codertocat/Hello-World/raw/${blob}/${filename}`,
    contents_url: `https://api.github.com/repos/Codertocat/Hello-World/contents/${filename}?ref=${blob}`,
    ...(patch !== undefined ? { patch } : {}),
  };
}
