import { AskcodeError } from "../shared/errors.js";
import type { GraphqlErrorEntry } from "./graphql-octokit.js";

/**
 * GitHub refused one of askcode's comments where the question was asked:
 * a discussion that is locked, or in a category where the app may not post
 * (GraphQL answers HTTP 200 with `errors`). No retry and no other comment
 * can reach the asker there, so the run ends: logged with `reason` (GitHub's
 * error type) and counted, never retried. Its `status` is 403 so the
 * comment-write and queue retries treat it as a refusal.
 *
 * @example
 * throw new CommentRefusedError(errors) // reason "FORBIDDEN"
 */
export class CommentRefusedError extends AskcodeError {
  readonly status = 403;
  /** GitHub's error type ("FORBIDDEN", "UNPROCESSABLE", …). */
  readonly reason: string;

  constructor(
    readonly errors: readonly GraphqlErrorEntry[],
    options?: ErrorOptions,
  ) {
    super(
      `GitHub refused askcode's comment: ${errors.map((e) => `${e.type ?? "ERROR"}: ${e.message}`).join("; ")}`,
      options,
    );
    this.reason = errors[0]?.type ?? "UNKNOWN";
  }
}
