import type { CodeHost, ResolvedRef } from "../code-host/code-host.js";
import { RefNotFoundError } from "../shared/errors.js";
import type { Deadline } from "../shared/deadline.js";
import type { PullRequestFacts, PullRequests } from "./pull-requests.js";

/** The commit a question on a pull request reads, and what the answer must say about it. */
export interface PullRequestCommit {
  resolved: ResolvedRef;
  /** Said above the answer when the head could not be read and the base branch was read instead. */
  note?: string;
}

/**
 * The pull request's head commit, read through the base repository: GitHub
 * keeps every pull request's head there (`refs/pull/N/head`), a fork's
 * included, so the installation's rights on the base repository are enough
 * and the links point at a commit that exists on its pages. When GitHub no
 * longer has that commit (the head was force-pushed and collected), the base
 * branch is read instead, and the note says so.
 *
 * @example
 * await pullRequestCommit(codeHost, pr, deadline)
 * // { resolved: { sha: "6dcb09b…", ref: "pull/1347/head" } }
 */
export async function pullRequestCommit(
  codeHost: Pick<CodeHost, "resolveRef">,
  pr: PullRequestFacts,
  deadline?: Deadline,
): Promise<PullRequestCommit> {
  try {
    const { sha } = await codeHost.resolveRef(pr.head.sha, { deadline });
    return { resolved: { sha, ref: `pull/${pr.number}/head` } };
  } catch (error) {
    if (!(error instanceof RefNotFoundError)) throw error;
    const resolved = await codeHost.resolveRef(pr.base.ref, { deadline });
    return {
      resolved,
      note: `askcode could not read pull request #${pr.number}'s head commit ${pr.head.sha.slice(0, 7)} (GitHub no longer has it), so this answer reads the base branch \`${pr.base.ref}\` instead.`,
    };
  }
}

/**
 * The note for an answer whose pull request moved while it ran: the head
 * now, when it is not the commit the answer read; undefined when it did not
 * move. Rejects when the head cannot be read: the caller logs it, and the
 * answer stands without the note.
 *
 * @example
 * await headMovedNote(pulls, 1347, "6dcb09b…")
 * // "Pull request #1347 moved to commit 1a2b3c4 while askcode was answering; this answer reads 6dcb09b, its head when askcode started."
 */
export async function headMovedNote(
  pulls: Pick<PullRequests, "headSha">,
  number: number,
  read: string,
): Promise<string | undefined> {
  const now = await pulls.headSha(number);
  if (now === read) return undefined;
  return `Pull request #${number} moved to commit ${now.slice(0, 7)} while askcode was answering; this answer reads ${read.slice(0, 7)}, its head when askcode started.`;
}
