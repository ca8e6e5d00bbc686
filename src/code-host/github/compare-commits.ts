import type { RequestingOctokit } from "./create-octokit.js";
import { requestStatus } from "./request-status.js";

/** How the head commit stands to the base, as GitHub's compare says. */
export type ComparisonStatus = "ahead" | "behind" | "identical" | "diverged";

/** One file the comparison changed. */
export interface ComparedFile {
  path: string;
  /** The path it had at the base, when it was renamed. */
  previousPath?: string;
  status: "added" | "removed" | "modified" | "renamed" | "other";
  /** Its blob SHA at the head (absent when removed). */
  blob?: string;
  /** The unified diff of the file; absent when GitHub leaves it out (binary, or too large). */
  patch?: string;
}

/** GitHub's comparison of two commits, as far as the staleness watch reads it. */
export interface CommitComparison {
  status: ComparisonStatus;
  /** The commit the diff starts from: the base, unless the two diverged. */
  mergeBase: string;
  files: ComparedFile[];
  /** GitHub listed its most files (300): a file not listed may have changed too. */
  filesCut: boolean;
}

/** GitHub lists at most this many files in one comparison. */
const MAX_COMPARED_FILES = 300;

/**
 * Compares two commits of one repository with one request
 * (`GET /repos/{owner}/{repo}/compare/{base}...{head}`): the changed files
 * with their head blob SHAs and patches, or undefined when GitHub answers
 * 404 (it cannot compare the two). One commit a page keeps the answer
 * small; the files come on the first page whatever its size. Only the
 * fields the watch needs are read, each checked: an answer without them
 * throws, naming what was missing.
 * https://docs.github.com/en/rest/commits/commits#compare-two-commits
 *
 * @example
 * await compareCommits(octokit, { owner: "o", repo: "r", base: "6dcb09b…", head: "8f1e2a3…" })
 * // { status: "ahead", mergeBase: "6dcb09b…", files: [{ path: "src/retry.ts", status: "modified", blob: "3b18e51…", patch: "@@ -10,7 +10,8 @@…" }], filesCut: false }
 */
export async function compareCommits(
  octokit: RequestingOctokit,
  commits: { owner: string; repo: string; base: string; head: string },
): Promise<CommitComparison | undefined> {
  let data: unknown;
  try {
    ({ data } = await octokit.rest.repos.compareCommitsWithBasehead({
      owner: commits.owner,
      repo: commits.repo,
      basehead: `${commits.base}...${commits.head}`,
      per_page: 1,
    }));
  } catch (error) {
    // A force push can leave the base unreachable: GitHub then answers 404
    // (the commit is gone, or shares no history with the head).
    if (requestStatus(error) === 404) return undefined;
    throw error;
  }
  return readComparison(data);
}

/** GitHub's compare answer, read field by field. */
export function readComparison(data: unknown): CommitComparison {
  const body = data as {
    status?: unknown;
    merge_base_commit?: { sha?: unknown } | null;
    files?: unknown;
  } | null;
  const status = body?.status;
  if (
    status !== "ahead" &&
    status !== "behind" &&
    status !== "identical" &&
    status !== "diverged"
  )
    throw new Error(
      `GitHub's comparison of two commits has no status GitHub documents: ${JSON.stringify(status)}`,
    );
  const mergeBase = body?.merge_base_commit?.sha;
  if (typeof mergeBase !== "string")
    throw new Error("GitHub's comparison of two commits names no merge base");
  const listed = Array.isArray(body?.files) ? (body.files as unknown[]) : [];
  const files = listed.flatMap((entry): ComparedFile[] => {
    const file = entry as Record<string, unknown> | null;
    if (typeof file?.filename !== "string") return [];
    return [
      {
        path: file.filename,
        status: fileStatus(file.status),
        ...(typeof file.previous_filename === "string" && {
          previousPath: file.previous_filename,
        }),
        ...(typeof file.sha === "string" &&
          file.status !== "removed" && { blob: file.sha }),
        ...(typeof file.patch === "string" && { patch: file.patch }),
      },
    ];
  });
  return {
    status,
    mergeBase,
    files,
    filesCut: listed.length >= MAX_COMPARED_FILES,
  };
}

function fileStatus(status: unknown): ComparedFile["status"] {
  return status === "added" ||
    status === "removed" ||
    status === "modified" ||
    status === "renamed"
    ? status
    : "other";
}
