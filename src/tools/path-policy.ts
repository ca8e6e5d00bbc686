import ignore from "ignore";
import { isSecretPath } from "../policy/secret-files.js";

/** Why a path is kept from the model. */
export type HiddenReason = "secret" | "excluded";

/** Decides which repository paths the tools may show. */
export interface PathPolicy {
  /**
   * Why `path` (repository-relative, normalised) must not be read, listed or
   * shown in a search result; `undefined` when it may be. Pass `isDirectory`
   * for directory entries, so "build/" patterns match them.
   */
  hidden(path: string, isDirectory?: boolean): HiddenReason | undefined;
}

/**
 * The tools' path rule: secret-looking files (`isSecretPath`, the policy
 * every reader of files follows) and the repository's `excludePaths`, which
 * are gitignore-style patterns ("docs/internal/", "*.snap", "!keep.snap"). A
 * path inside an excluded directory is excluded too.
 *
 * @example
 * const policy = createPathPolicy(["fixtures/"]);
 * policy.hidden(".env")                    // "secret"
 * policy.hidden("fixtures/big.json")       // "excluded"
 * policy.hidden("fixtures", true)          // "excluded"
 * policy.hidden("src/app.ts")              // undefined
 */
export function createPathPolicy(
  excludePaths: readonly string[] = [],
): PathPolicy {
  const rules = ignore().add([...excludePaths]);
  return {
    hidden(path, isDirectory = false) {
      if (path === "") return undefined; // the root is never hidden
      if (!isDirectory && isSecretPath(path)) return "secret";
      if (excludePaths.length === 0) return undefined;
      return rules.ignores(isDirectory ? `${path}/` : path)
        ? "excluded"
        : undefined;
    },
  };
}

/**
 * The sentence a tool returns for a hidden path: the reason, and what to do
 * instead.
 */
export function hiddenPathMessage(path: string, reason: HiddenReason): string {
  return reason === "secret"
    ? `${path} looks like a file of secrets (keys, credentials, environment values); askcode never reads or lists such files. Answer without it.`
    : `${path} is excluded by this repository's askcode configuration; askcode does not read or list it. Answer without it.`;
}
