import { settleBy, type Deadline } from "../shared/deadline.js";
import type { IssuesOctokit } from "./issues-octokit.js";

/**
 * An Octokit `request` whose requests end by `deadline` when given: the
 * signal aborts a request in flight; the race also ends Octokit's retry and
 * throttle waits, which do not watch it.
 *
 * @example
 * const read = readBy(octokit, deadline);
 * await read("GET /repos/{owner}/{repo}/issues/{issue_number}", params);
 */
export function readBy(octokit: IssuesOctokit, deadline?: Deadline) {
  return (route: string, params: Record<string, unknown>) =>
    deadline
      ? settleBy(
          octokit.request(route, {
            ...params,
            request: { signal: deadline.signal },
          }),
          deadline.signal,
        )
      : octokit.request(route, params);
}
