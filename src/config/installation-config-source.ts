import { Context, type ProbotOctokit } from "probot";
import type { RepoConfigSource } from "./load-repo-config.js";

/**
 * Where the worker reads a repository's `.github/askcode.yml`: Probot's own
 * `context.config` on the installation's Octokit, so the organisation's
 * `.github` defaults, `_extends` and the merge are exactly what Probot
 * documents, though no webhook context exists any more. The context names
 * the delivery, as the handler's did: Probot tags its requests with it.
 *
 * @example
 * const source = installationConfigSource(await app.auth(job.installationId), job, app.log);
 * const { config, problems } = await loadRepoConfig(source, { missionNames });
 */
export function installationConfigSource(
  octokit: ProbotOctokit,
  job: { deliveryId: string; event: string; owner: string; repo: string },
  log: object,
): RepoConfigSource {
  const context = new Context(
    {
      id: job.deliveryId,
      name: job.event,
      payload: { repository: { owner: { login: job.owner }, name: job.repo } },
    } as never,
    octokit,
    log as never,
  );
  return {
    config: (fileName, defaultConfig, deepMergeOptions) =>
      context.config(fileName, defaultConfig, deepMergeOptions),
  };
}
