import { Registry } from "prom-client";
import { createSearchPacer } from "../../../../src/code-host/github/search-pacer.js";
import { createGitHubMetrics } from "../../../../src/metrics/github-metrics.js";
import { createFakeClock } from "../../../helpers/fake-clock.js";
import { metricSamples } from "../../../helpers/metric-samples.js";

describe("createSearchPacer's waits", () => {
  it("observes how long each search waited for its turn, none for those let through at once", async () => {
    const registry = new Registry();
    const clock = createFakeClock();
    const pacer = createSearchPacer({
      clock,
      requestsPerMinute: 2,
      waits: createGitHubMetrics(registry).searchWait,
    });

    await Promise.all(
      ["a", "b", "c"].map(() => pacer.acquire("installation:1")),
    );
    // Another installation has its own budget: no wait.
    await pacer.acquire("installation:2");

    expect(clock.sleeps).toStrictEqual([60_000]);
    const samples = await metricSamples(
      registry,
      "askcode_code_search_wait_seconds",
    );
    expect(samples).toContain(
      'askcode_code_search_wait_seconds_bucket{le="0.05"} 3',
    );
    expect(samples).toContain(
      'askcode_code_search_wait_seconds_bucket{le="45"} 3',
    );
    expect(samples).toContain(
      'askcode_code_search_wait_seconds_bucket{le="60"} 4',
    );
    expect(samples).toContain("askcode_code_search_wait_seconds_sum 60");
    expect(samples).toContain("askcode_code_search_wait_seconds_count 4");
  });
});
