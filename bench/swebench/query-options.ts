import type { QueryOptions } from "../../src/retrieval/query/query-analysis.js";
import { VOCABULARY_BRIDGE } from "../../src/retrieval/query/vocabulary-bridge-table.js";
import type { BenchArgs } from "./bench-args.js";

/**
 * How the bench analyses questions: retrieval's default (undefined) unless
 * --bridge-weight or --bridge-cap asks for the shipped vocabulary bridge at
 * another weight or cap; weight 0 analyses without a bridge.
 *
 * @example
 * queryOptions({ ...args, bridgeWeight: 0.2 }) // { bridge: { table: VOCABULARY_BRIDGE, weight: 0.2 } }
 * queryOptions({ ...args, bridgeWeight: 0 })   // {}
 */
export function queryOptions(
  args: Pick<BenchArgs, "bridgeWeight" | "bridgeCap">,
): QueryOptions | undefined {
  if (args.bridgeWeight === undefined && args.bridgeCap === undefined)
    return undefined;
  if (args.bridgeWeight === 0) return {};
  return {
    bridge: {
      table: VOCABULARY_BRIDGE,
      ...(args.bridgeWeight !== undefined ? { weight: args.bridgeWeight } : {}),
      ...(args.bridgeCap !== undefined ? { cap: args.bridgeCap } : {}),
    },
  };
}
