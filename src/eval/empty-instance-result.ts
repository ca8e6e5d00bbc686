import { isCodeGoldPath } from "./baseline/swebench-documents.js";
import type { Instance } from "./instance.js";
import type { InstanceResult } from "./result-types.js";

/**
 * An instance's result before anything is run: every figure 0 and every
 * list empty, so a run that fails part way still reports one of each (its
 * `error` set beside them).
 *
 * @example
 * emptyInstanceResult(instance).language // "python" for a SWE-bench row
 */
export function emptyInstanceResult(instance: Instance): InstanceResult {
  return {
    instanceId: instance.instance_id,
    repo: instance.repo,
    // load-instances checked the language; an Instance built in code may name none (Python).
    language: instance.language?.toLowerCase() ?? "python",
    baseCommit: instance.base_commit,
    filesRead: 0,
    skipped: {},
    baselineDocuments: 0,
    chunks: 0,
    gold: {
      files: instance.gold_files,
      lines: 0,
      blankLines: 0,
      outOfRange: 0,
      notIndexed: [],
      notBaselineDocuments: [],
      codeFiles: instance.gold_files.filter(isCodeGoldPath),
      codeLines: 0,
    },
    bm25Top20: [],
    goldInTop20: 0,
    budgets: [],
    timings: { readMs: 0, indexMs: 0, baselineRankMs: 0, totalMs: 0 },
    memory: { rssMb: 0, heapUsedMb: 0, heapPeakMb: 0, heapAfterGcMb: 0 },
  };
}
