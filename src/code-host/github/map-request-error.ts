import {
  EmptyRepositoryError,
  GitHubError,
  RateLimitError,
} from "../../shared/errors.js";

interface RequestErrorLike {
  status: number;
  message: string;
  response?: {
    headers?: Record<string, string | number | undefined>;
    data?: unknown;
  };
}

function isRequestError(error: unknown): error is RequestErrorLike {
  return (
    typeof error === "object" &&
    error !== null &&
    typeof (error as { status?: unknown }).status === "number"
  );
}

/**
 * Turns what Octokit throws, after its own retries, into askcode's typed errors
 * with a message a maintainer can act on. 404 is not mapped here: each caller
 * knows what a missing thing means (a file, a ref, a repository).
 */
export function mapRequestError(error: unknown, what: string): unknown {
  if (!isRequestError(error)) return error;
  const headers = error.response?.headers ?? {};
  const requestId = headers["x-github-request-id"]?.toString();
  const options = { cause: error, requestId };
  const { status } = error;
  if (status === 409 && /empty/i.test(error.message))
    return new EmptyRepositoryError({ cause: error });
  const rateLimited =
    status === 429 ||
    (status === 403 &&
      (headers["x-ratelimit-remaining"] === "0" ||
        /rate limit/i.test(error.message)));
  if (rateLimited) {
    const resetAt = rateLimitResetAt(headers);
    const when = resetAt
      ? ` It resets at ${new Date(resetAt).toISOString()}.`
      : "";
    return new RateLimitError(
      `GitHub's rate limit stopped ${what} (HTTP ${status}) after askcode's retries.${when}`,
      status,
      resetAt,
      options,
    );
  }
  if (status >= 500) {
    return new GitHubError(
      `GitHub failed ${what} with HTTP ${status}, and kept failing after askcode's retries.`,
      status,
      options,
    );
  }
  if (status === 401)
    return new GitHubError(
      `GitHub refused askcode's credentials while ${what} (HTTP 401).`,
      status,
      options,
    );
  if (status === 403) {
    return new GitHubError(
      `askcode may not do this: ${what} (HTTP 403: ${error.message}).`,
      status,
      options,
    );
  }
  return new GitHubError(
    `GitHub refused ${what} (HTTP ${status}: ${error.message}).`,
    status,
    options,
  );
}

/**
 * When a rate limit lifts. `x-ratelimit-reset` describes the primary limit and
 * GitHub sends it with every reply, secondary-limit ones included, so it only
 * counts when that limit is spent; a secondary limit says `retry-after`.
 * https://docs.github.com/en/rest/using-the-rest-api/rate-limits-for-the-rest-api#exceeding-the-rate-limit
 */
function rateLimitResetAt(
  headers: Record<string, string | number | undefined>,
): number | undefined {
  const retryAfter = Number(headers["retry-after"]);
  if (Number.isFinite(retryAfter) && retryAfter > 0)
    return Date.now() + retryAfter * 1000;
  const reset = Number(headers["x-ratelimit-reset"]);
  if (
    String(headers["x-ratelimit-remaining"]) === "0" &&
    Number.isFinite(reset) &&
    reset > 0
  )
    return reset * 1000;
  return undefined;
}
