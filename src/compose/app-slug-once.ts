import type { Probot } from "probot";

/**
 * The app's slug (its comments come from `<slug>[bot]`), read with
 * `GET /app` on the first call and kept for the process. Only the worker
 * calls it, never a webhook handler, which must not wait on GitHub. A
 * failed read is forgotten, so the next job asks again rather than every
 * later job inheriting one outage.
 * https://docs.github.com/en/rest/apps/apps#get-the-authenticated-app
 *
 * @example
 * const appSlug = appSlugOnce(app);
 * await appSlug(); // "askcode"
 */
export function appSlugOnce(app: Pick<Probot, "auth">): () => Promise<string> {
  let slug: Promise<string> | undefined;
  return () =>
    (slug ??= app
      .auth()
      .then(async (octokit) => {
        const { data } = await octokit.request("GET /app");
        return (data as { slug: string }).slug;
      })
      .catch((error: unknown) => {
        slug = undefined;
        throw error;
      }));
}
