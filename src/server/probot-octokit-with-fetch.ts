import { ProbotOctokit } from "probot";

type ProbotOctokitClass = typeof ProbotOctokit;

/**
 * Probot's Octokit class (or a test's), every instance of which sends its
 * requests, token requests included, through `fetch`. A function default,
 * because Probot builds its installation Octokit with options of its own
 * that would replace a plain `request` default whole (see
 * test/helpers/unpaced-probot-octokit.ts for the same reason).
 *
 * @example
 * new Probot({ appId, privateKey, Octokit: probotOctokitWithFetch(ProbotOctokit, github.fetch) });
 */
export function probotOctokitWithFetch(
  Octokit: ProbotOctokitClass,
  fetch: typeof globalThis.fetch,
): ProbotOctokitClass {
  return Octokit.defaults((options: Record<string, unknown>) => ({
    ...options,
    request: { ...(options.request as object), fetch },
  })) as ProbotOctokitClass;
}
