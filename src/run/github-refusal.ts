import type { GitHubRefusal } from "../question/failure-reason.js";
import { RateLimitError } from "../shared/errors.js";

interface RequestErrorLike {
  status: number;
  request?: { url?: unknown };
  response?: { headers?: Record<string, unknown> };
  cause?: unknown;
}

/**
 * GitHub's refusal (404 Not Found, 403 Forbidden) inside a run's failure,
 * with what was being read when GitHub said it: the pull request, the issue
 * or the repository, named from the request's URL. Undefined for any other
 * failure, and for a 403 that is a rate limit (a wait cures that; a refusal
 * needs someone to act). Looks through `cause`: askcode's `GitHubError`
 * keeps Octokit's `RequestError`, whose `request.url` says what was read.
 * https://docs.github.com/en/rest/using-the-rest-api/troubleshooting-the-rest-api#404-not-found-for-an-existing-resource
 *
 * @example
 * githubRefusal(requestError) // { status: 404, subject: "pull-request" } for GET …/pulls/12
 */
export function githubRefusal(error: unknown): GitHubRefusal | undefined {
  if (error instanceof RateLimitError) return undefined;
  const first = asRequestError(error);
  if (!first || (first.status !== 403 && first.status !== 404))
    return undefined;
  let url: string | undefined;
  for (
    let e: unknown = error;
    e && !url;
    e = (e as { cause?: unknown }).cause
  ) {
    const found = asRequestError(e);
    if (found && isRateLimited(found)) return undefined;
    const candidate = found?.request?.url;
    if (typeof candidate === "string") url = candidate;
  }
  return { status: first.status === 403 ? 403 : 404, subject: subjectOf(url) };
}

function asRequestError(error: unknown): RequestErrorLike | undefined {
  const status = (error as { status?: unknown } | null)?.status;
  return typeof status === "number" ? (error as RequestErrorLike) : undefined;
}

// GitHub's secondary limit can answer 403; its headers tell it from a refusal.
function isRateLimited(error: RequestErrorLike): boolean {
  const headers = error.response?.headers ?? {};
  return (
    String(headers["x-ratelimit-remaining"]) === "0" ||
    headers["retry-after"] !== undefined
  );
}

function subjectOf(url: string | undefined): GitHubRefusal["subject"] {
  const path = url ? new URL(url, "https://api.github.invalid").pathname : "";
  if (/\/repos\/[^/]+\/[^/]+\/pulls\/\d+(\/|$)/.test(path))
    return "pull-request";
  if (/\/repos\/[^/]+\/[^/]+\/issues\/\d+(\/|$)/.test(path)) return "issue";
  return "repository";
}
