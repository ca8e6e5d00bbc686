// Apart from the schema, so that a reader asking only whether the file is
// there (the CLI, on every question) loads no schema to learn its name.

/** Where a repository keeps its settings, as `context.config` takes it (under `.github/`). */
export const REPO_CONFIG_FILE = "askcode.yml";

/** The repository's own file, as a path in its tree. */
export const REPO_CONFIG_PATH = `.github/${REPO_CONFIG_FILE}`;
