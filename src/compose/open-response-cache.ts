import {
  createResponseCache,
  type ResponseCache,
} from "../cache/response-cache.js";
import type { OperatorConfig } from "../config/operator-config.js";
import type { Clock } from "../shared/clock.js";
import type { Stores } from "./open-stores.js";

/**
 * GitHub's answers kept with their ETags, for every root that reads through
 * GitHub (the App, the Action): in memory to the operator's size and age,
 * then in the stores' shared response store where the backend has one
 * (Redis: replicas share it; the embedded store has none, one process
 * keeping its own).
 *
 * @example
 * const responseCache = openResponseCache(operator, stores, clock);
 */
export function openResponseCache(
  operator: Pick<OperatorConfig, "cacheTtlMs" | "cacheMaxBytes">,
  stores: Pick<Stores, "sharedResponses">,
  clock: Clock,
): ResponseCache {
  return createResponseCache({
    ttlMs: operator.cacheTtlMs,
    maxBytes: operator.cacheMaxBytes,
    clock,
    ...(stores.sharedResponses ? { shared: stores.sharedResponses } : {}),
  });
}
