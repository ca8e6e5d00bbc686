/**
 * The GraphQL side of Probot's installation Octokit (`octokit.graphql`):
 * Discussions' comments and reactions have no REST routes. It posts to the
 * API Probot was configured with, `/graphql` on github.com and
 * `/api/graphql` on GitHub Enterprise Server.
 * https://docs.github.com/en/graphql/guides/using-the-graphql-api-for-discussions
 */
export interface GraphqlOctokit {
  graphql(query: string, variables?: Record<string, unknown>): Promise<unknown>;
}

/**
 * One entry of a GraphQL response's `errors`: GitHub answers HTTP 200 with
 * them (and `data` null where it failed), and Octokit throws a
 * `GraphqlResponseError` that carries them.
 */
export interface GraphqlErrorEntry {
  /** GitHub's kind: FORBIDDEN, NOT_FOUND, UNPROCESSABLE, … */
  type?: string;
  message: string;
  path?: ReadonlyArray<string | number>;
}

/**
 * The `errors` GitHub answered, when `error` is Octokit's throw for a
 * GraphQL response that had them; empty for any other failure (the
 * connection, an HTTP status).
 *
 * @example
 * graphqlErrors(error) // [{ type: "NOT_FOUND", message: "Could not resolve …" }]
 */
export function graphqlErrors(error: unknown): GraphqlErrorEntry[] {
  const errors = (error as { errors?: unknown } | null)?.errors;
  return Array.isArray(errors) ? (errors as GraphqlErrorEntry[]) : [];
}
