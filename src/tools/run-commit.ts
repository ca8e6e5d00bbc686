/** The one commit a run reads, and the ref it was resolved from. */
export interface RunCommit {
  /** The commit every tool reads (40 hex digits on GitHub). */
  sha: string;
  /** The branch or tag the SHA was resolved from ("main"), when known. */
  ref?: string;
}

/**
 * Checks a `ref` argument from the model against the run's commit. The run is
 * bound to one commit (docs/architecture/overview.md, "3. Run": resolve the SHA once, read everything at it),
 * so a ref is accepted only when it names that commit: the SHA or a prefix of
 * at least 7 characters, the ref it came from (also as `refs/heads/…` or
 * `refs/tags/…`), or `HEAD`. Returns the error sentence for any other ref,
 * `undefined` when the ref is fine or absent.
 *
 * @example
 * refMismatch("main", { sha: "1a2b3c4d…", ref: "main" })  // undefined
 * refMismatch("1a2b3c4", { sha: "1a2b3c4d…" })           // undefined
 * refMismatch("dev", { sha: "1a2b3c4d…", ref: "main" })
 * // 'This run reads commit 1a2b3c4d… (main) only; ref "dev" is not available. Call again without ref.'
 */
export function refMismatch(
  ref: string | undefined,
  commit: RunCommit,
): string | undefined {
  const asked = ref?.trim();
  if (!asked) return undefined;
  const lower = asked.toLowerCase();
  const sha = commit.sha.toLowerCase();
  if (lower === sha || lower === "head") return undefined;
  if (/^[0-9a-f]{7,}$/.test(lower) && sha.startsWith(lower)) return undefined;
  if (commit.ref !== undefined) {
    const name = commit.ref.replace(/^refs\/(?:heads|tags)\//, "");
    if ([name, `refs/heads/${name}`, `refs/tags/${name}`].includes(asked))
      return undefined;
  }
  const from = commit.ref ? ` (${commit.ref})` : "";
  return `This run reads commit ${commit.sha}${from} only; ref ${JSON.stringify(asked)} is not available. Call again without ref.`;
}
