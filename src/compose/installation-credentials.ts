import type { ProbotOctokit } from "probot";

/** What askcode's own Octokit needs to read code as the installation. */
export interface InstallationCredentials {
  /** The installation access token Probot holds (and renews) for it. */
  token: string;
  /** The API root Probot was configured with (`GHE_HOST`, `GHE_PROTOCOL`: GitHub Enterprise). */
  baseUrl: string;
}

/**
 * The token and API root of Probot's installation Octokit, so askcode's own
 * Octokit for code reads (its rate-limit policy and cache) calls the same
 * API as the installation. The rest of Probot's boundary needs no cast: its
 * Octokit is a `QuestionOctokit` and a `RequestingOctokit`, and its
 * `Context` a `TriggerContext`, as the compiler checks where they are passed.
 *
 * @example
 * const { token, baseUrl } = await installationCredentials(await app.auth(installationId));
 */
export async function installationCredentials(
  installation: ProbotOctokit,
): Promise<InstallationCredentials> {
  const { baseUrl } = installation.request.endpoint.DEFAULTS;
  // `auth()` is typed `unknown` for every strategy; Probot's installation
  // Octokit uses @octokit/auth-app, which answers `{ type: "installation" }`
  // with an installation token authentication, `token` among its fields.
  const { token } = (await installation.auth({ type: "installation" })) as {
    token: string;
  };
  return { token, baseUrl };
}
