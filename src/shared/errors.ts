/**
 * askcode's error taxonomy. Every error says what happened and, where the
 * reader can act, what to do next. `cause` keeps the upstream error.
 *
 * Modelled on openai-agents-js `errors.ts` (`this.name = new.target.name`).
 */
export class AskcodeError extends Error {
  constructor(message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = new.target.name;
  }
}

/** A setting or input the user controls is wrong. */
export class ConfigError extends AskcodeError {}

/** A path argument that is not a safe, repository-relative path. */
export class InvalidPathError extends AskcodeError {
  constructor(
    readonly path: string,
    reason: string,
  ) {
    super(`Invalid path ${JSON.stringify(path)}: ${reason}.`);
  }
}

/** A ref (branch, tag, SHA) that the repository does not have. */
export class RefNotFoundError extends AskcodeError {
  constructor(
    readonly ref: string,
    options?: ErrorOptions,
  ) {
    super(
      `No branch, tag or commit named ${JSON.stringify(ref)} in this repository.`,
      options,
    );
  }
}

/** The repository has no commits yet (GitHub answers 409 "Git Repository is empty."). */
export class EmptyRepositoryError extends AskcodeError {
  constructor(options?: ErrorOptions) {
    super("The repository is empty: it has no commits to read yet.", options);
  }
}

/** GitHub answered with an error that retries did not cure. */
export class GitHubError extends AskcodeError {
  constructor(
    message: string,
    readonly status: number,
    options?: ErrorOptions & { requestId?: string },
  ) {
    super(message, options);
    this.requestId = options?.requestId;
  }
  readonly requestId: string | undefined;
}

/** GitHub's primary or secondary rate limit stayed in force longer than we may wait. */
export class RateLimitError extends GitHubError {
  constructor(
    message: string,
    status: number,
    /** When the limit resets, if GitHub said (ms since epoch). */
    readonly resetAt: number | undefined,
    options?: ErrorOptions & { requestId?: string },
  ) {
    super(message, status, options);
  }
}

/** The model endpoint failed (used by the agent loop). */
export class ModelError extends AskcodeError {}
