import { createFileSetReader } from "../../src/code-host/file-set/file-set-reader.js";
import { defaultRepoConfig } from "../../src/config/parse-repo-config.js";
import type { Budgets } from "../../src/config/repo-config-schema.js";
import { runAt, type RunAtRepository } from "../../src/question/run-at.js";
import { createMemoryFileSource } from "./memory-file-source.js";

/**
 * A question's `RunAt` over files held in memory: `octo-org/hello-world` on
 * `main` at `sha`, with a repository's default budgets unless given.
 *
 * @example
 * answerQuestion({ repository: { at: memoryRunAt(SHA, { "src/retry.ts": "…" }), … }, … })
 */
export function memoryRunAt(
  sha: string,
  files: Record<string, string>,
  options: { owner?: string; repo?: string; budgets?: Budgets } = {},
): RunAtRepository {
  return runAt({
    source: "memory",
    owner: options.owner ?? "octo-org",
    repo: options.repo ?? "hello-world",
    ref: "main",
    reader: createFileSetReader({ sha, source: createMemoryFileSource(files) }),
    budgets: options.budgets ?? defaultRepoConfig().budgets,
  });
}
