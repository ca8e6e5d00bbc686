import { ProbotOctokit } from "probot";

/**
 * Probot's Octokit with GitHub's write pacing (1 s between writes, 3 s
 * between comments) and retries off, for a Probot against a loopback
 * stand-in, where pacing only makes a test wait.
 *
 * `ProbotOctokit.defaults({ throttle: { enabled: false } })` does not do it:
 * Probot derives its installation Octokit with a function default whose
 * options carry its own `throttle` (its rate-limit callbacks, no `enabled`),
 * and that object replaces ours whole. A function default runs after
 * Probot's and turns both off in what it built.
 *
 * @example
 * new Probot({ appId, privateKey, secret, Octokit: UnpacedProbotOctokit });
 */
export const UnpacedProbotOctokit = ProbotOctokit.defaults(
  (options: Record<string, unknown>) => ({
    ...options,
    retry: { ...(options.retry as object), enabled: false },
    throttle: { ...(options.throttle as object), enabled: false },
  }),
);
