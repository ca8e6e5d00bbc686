import type { CodeHost } from "../../src/code-host/code-host.js";
import { createFileSetReader } from "../../src/code-host/file-set/file-set-reader.js";
import { createMemoryFileSource } from "./memory-file-source.js";

/**
 * A code host whose every ref is `sha` on the branch `main`, holding
 * `files` (path → text): for run tests that need a repository to read, not
 * GitHub's routes.
 *
 * @example
 * clientsFor: async () => ({ comments, pullRequests, codeHost: memoryCodeHost(SHA, { "src/a.ts": "…" }) })
 */
export function memoryCodeHost(
  sha: string,
  files: Record<string, string> = {},
): CodeHost {
  return {
    label: "memory",
    resolveRef: async () => ({ sha, ref: "main" }),
    at: () =>
      createFileSetReader({ sha, source: createMemoryFileSource(files) }),
  };
}
