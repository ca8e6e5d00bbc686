import type { Registry } from "prom-client";

/**
 * The sample lines of one metric as `GET /metrics` shows them, without the
 * `# HELP` and `# TYPE` lines: what a test compares exactly.
 *
 * @example
 * await metricSamples(registry, "askcode_webhooks_ignored_total")
 * // ['askcode_webhooks_ignored_total{reason="bot"} 1']
 */
export async function metricSamples(
  registry: Registry,
  name: string,
): Promise<string[]> {
  const text = await registry.getSingleMetricAsString(name);
  return text
    .split("\n")
    .filter((line) => line !== "" && !line.startsWith("#"));
}
