import type { InstanceResult } from "../../src/eval/result-types.js";

/**
 * One instance's result as a run packing by `name` would have written it:
 * each budget's askcode system is the variant's (`BudgetRun.variants`), so
 * bench:report and bench:compare read a variant's file as any run's. With
 * no name, the run's own, without the variants.
 *
 * @example
 * variantResult(result, "off").budgets[0].systems.askcode // result.budgets[0].variants.off
 */
export function variantResult(
  result: InstanceResult,
  name?: string,
): InstanceResult {
  return {
    ...result,
    budgets: result.budgets.map(({ variants, ...run }) => {
      if (name === undefined) return run;
      const askcode = variants?.[name];
      if (!askcode)
        throw new Error(
          `${result.instanceId} at ${run.budget} tokens has no variant "${name}"`,
        );
      return { ...run, systems: { ...run.systems, askcode } };
    }),
  };
}
