import { Counter, type Registry } from "prom-client";

/** What the confidence gate decided for a question nobody asked. */
export type UnaskedVerdict = "answered" | "silent" | "failed";

/** How often askcode answered a new issue or discussion unasked, and how often it stayed silent. */
export interface UnaskedMetrics {
  /** `answered`: the score reached the threshold; `silent`: it did not; `failed`: no score (GitHub or retrieval failed), so silent too. */
  gated(verdict: UnaskedVerdict): void;
}

/**
 * The unasked gate's counter, registered on `registry`: the share of
 * `answered` is the gate's coverage on the repositories that chose it,
 * which an operator watches against the complaints of noise.
 *
 * @example
 * createUnaskedMetrics(registry).gated("silent");
 */
export function createUnaskedMetrics(registry: Registry): UnaskedMetrics {
  const gated = new Counter({
    name: "askcode_unasked_total",
    help: "New issues and discussions askcode could answer unasked, by the confidence gate's verdict: answered, silent (below the threshold) or failed (not scored, so silent).",
    labelNames: ["verdict"] as const,
    registers: [registry],
  });
  return { gated: (verdict) => gated.inc({ verdict }) };
}
