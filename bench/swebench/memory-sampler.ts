export interface MemorySampler {
  /** Takes a sample now: call it after synchronous work that the timer cannot interrupt. */
  sample(): void;
  /** Peaks of the whole run, in MB: the V8 heap's high-water mark and the process's maximum resident set. */
  peaks(): { heapUsedMb: number; maxRssMb: number };
  /**
   * Starts a new window (one instance): collects garbage first when the
   * process runs with --expose-gc, so the window's peak is that instance's
   * working set and not what earlier ones left for a lazy collector.
   * Returns the heap's high-water mark of the window that ends, and the heap
   * still live once that garbage is collected (what earlier windows retain:
   * flat over a run unless something keeps per-window data), in MB.
   */
  nextWindow(): { peakMb: number; afterGcMb: number };
  stop(): void;
}

const MB = 1024 * 1024;

/**
 * Samples the V8 heap on a timer and on demand, keeping the highest value
 * seen. Ranking and packing are synchronous, so the timer never fires inside
 * them: callers sample right after each step, when its garbage is still on the
 * heap. The resident-set peak comes from the kernel (`maxRSS`, in KiB), which
 * misses nothing.
 *
 * Without --expose-gc, V8 leaves garbage on a large heap for a long time, and
 * a long run's peaks grow with it although the live heap does not (about
 * 90 MB between instances on the dev set): run the harness with the flag (the
 * npm script does).
 *
 * @example
 * const memory = createMemorySampler();
 * retrieveContext(…); memory.sample();
 * memory.peaks() // { heapUsedMb: 812, maxRssMb: 1_104 }
 */
export function createMemorySampler(intervalMs = 200): MemorySampler {
  let heapPeak = 0;
  let windowPeak = 0;
  const sample = (): void => {
    const used = process.memoryUsage().heapUsed;
    heapPeak = Math.max(heapPeak, used);
    windowPeak = Math.max(windowPeak, used);
  };
  const timer = setInterval(sample, intervalMs);
  timer.unref();
  sample();
  return {
    sample,
    peaks: () => ({
      heapUsedMb: heapPeak / MB,
      maxRssMb: process.resourceUsage().maxRSS / 1024,
    }),
    nextWindow: () => {
      sample();
      const peak = windowPeak / MB;
      (globalThis as { gc?: () => void }).gc?.();
      const afterGcMb = process.memoryUsage().heapUsed / MB;
      windowPeak = 0;
      sample();
      return { peakMb: peak, afterGcMb };
    },
    stop: () => clearInterval(timer),
  };
}
