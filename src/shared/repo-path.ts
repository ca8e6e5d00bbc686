import { InvalidPathError } from "./errors.js";

/**
 * Normalises a path argument to a repository-relative POSIX path, or throws
 * `InvalidPathError`. The empty string is the repository root.
 *
 * Every path that reaches a CodeHost comes through here, whether a user, a
 * tool call from the model or our own code wrote it: no `..` that climbs out,
 * no absolute paths, no NUL bytes, no backslashes.
 *
 * @example
 * normalizeRepoPath("./src//index.ts") // "src/index.ts"
 * normalizeRepoPath("/")               // "" (the root)
 * normalizeRepoPath("/etc/passwd")     // throws InvalidPathError (absolute)
 * normalizeRepoPath("../etc/passwd")   // throws InvalidPathError
 */
export function normalizeRepoPath(input: string): string {
  if (typeof input !== "string")
    throw new InvalidPathError(String(input), "a path must be a string");
  if (input.includes("\0"))
    throw new InvalidPathError(input, "it contains a NUL byte");
  if (input.includes("\\"))
    throw new InvalidPathError(input, "use forward slashes");
  if (input.length > 4096)
    throw new InvalidPathError(
      input.slice(0, 64) + "…",
      "it is longer than 4096 characters",
    );
  // "/" alone is a common way to say "the root" (tools often default to it);
  // any other absolute path, a Windows drive or a URL is not a repository path.
  if (input === "/") return "";
  if (
    input.startsWith("/") ||
    /^[a-zA-Z]:/.test(input) ||
    /^[a-z]+:\/\//i.test(input)
  ) {
    throw new InvalidPathError(
      input,
      "it is an absolute path; give a path relative to the repository root",
    );
  }
  const parts: string[] = [];
  for (const part of input.split("/")) {
    if (part === "" || part === ".") continue;
    if (part === "..") {
      throw new InvalidPathError(
        input,
        "'..' is not allowed; paths stay inside the repository",
      );
    }
    parts.push(part);
  }
  return parts.join("/");
}

/** True when `path` is `dir` or lies below it (both normalised; "" is the root). */
export function isWithin(path: string, dir: string): boolean {
  return dir === "" || path === dir || path.startsWith(dir + "/");
}
