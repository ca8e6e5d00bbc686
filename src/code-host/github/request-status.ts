/**
 * The HTTP status of what Octokit threw (`RequestError.status`), or
 * `undefined` for anything else. Callers decide what a 404 or 422 means for
 * the thing they asked for; `mapRequestError` handles the rest.
 *
 * @example
 * try { await api.get(route, params) } catch (error) { if (requestStatus(error) === 404) return missing; throw mapRequestError(error, "reading x") }
 */
export function requestStatus(error: unknown): number | undefined {
  if (typeof error !== "object" || error === null) return undefined;
  const status = (error as { status?: unknown }).status;
  return typeof status === "number" ? status : undefined;
}
