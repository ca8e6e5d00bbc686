/**
 * Deletes every variable whose value is empty or only blanks, and returns
 * their names. askcode calls it once at start, after `.env` is read, so every
 * reader of the environment (askcode's settings, the app's key, Probot's own
 * `process.env` reads) sees an empty value as unset. `docker run --env-file`
 * and compose's `env_file` pass a `HOST=` line as an empty value that
 * replaces the image's `HOST=0.0.0.0`, so an empty value must never mean
 * "the empty string".
 *
 * @example
 * const env = { HOST: "", PORT: "3000" };
 * dropEmptyVariables(env) // ["HOST"]; env is { PORT: "3000" }
 */
export function dropEmptyVariables(
  env: Record<string, string | undefined>,
): string[] {
  const dropped = Object.keys(env).filter((name) => !env[name]?.trim());
  for (const name of dropped) delete env[name];
  return dropped;
}
