import { GCProfiler } from "node:v8";

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

/** Where the sampler reads the heap (tests give fakes). */
export interface HeapProbe {
  /** Bytes of the V8 heap in use now. */
  heapUsed(): number;
  /** Starts recording the heap in use before each garbage collection. */
  startCollections(): void;
  /** Stops recording: the bytes in use before each collection since the start. */
  stopCollections(): number[];
}

const MB = 1024 * 1024;

/**
 * The process's own heap: `process.memoryUsage()`, and V8's GC profiler for
 * the heap before each collection.
 */
export function processHeapProbe(): HeapProbe {
  const profiler = new GCProfiler();
  return {
    heapUsed: () => process.memoryUsage().heapUsed,
    startCollections: () => profiler.start(),
    stopCollections: () =>
      (profiler.stop()?.statistics ?? []).map(
        (gc) => gc.beforeGC.heapStatistics.usedHeapSize,
      ),
  };
}

/**
 * Keeps the V8 heap's high-water mark: the heap in use just before each
 * garbage collection, read from V8's GC profiler, and samples taken on a
 * timer and on demand (the heap at a window's end, which no collection
 * follows). The heap is highest just before a collection frees it, and
 * samples alone fall there only by chance: on one instance of identical
 * code they read 59 or 68 MB from run to run. The resident-set peak comes
 * from the kernel (`maxRSS`, in KiB), which misses nothing.
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
export function createMemorySampler(
  intervalMs = 200,
  probe: HeapProbe = processHeapProbe(),
): MemorySampler {
  let heapPeak = 0;
  let windowPeak = 0;
  const record = (used: number): void => {
    heapPeak = Math.max(heapPeak, used);
    windowPeak = Math.max(windowPeak, used);
  };
  const sample = (): void => record(probe.heapUsed());
  // The heap before each collection since recording started.
  const collected = (): void => probe.stopCollections().forEach(record);
  let running = true;
  const timer = setInterval(sample, intervalMs);
  timer.unref();
  probe.startCollections();
  sample();
  return {
    sample,
    peaks: () => {
      if (running) {
        collected();
        probe.startCollections();
      }
      return {
        heapUsedMb: heapPeak / MB,
        maxRssMb: process.resourceUsage().maxRSS / 1024,
      };
    },
    nextWindow: () => {
      sample();
      collected();
      const peak = windowPeak / MB;
      // The forced collection starts the new window: a peak of neither.
      (globalThis as { gc?: () => void }).gc?.();
      const afterGcMb = probe.heapUsed() / MB;
      windowPeak = 0;
      sample();
      probe.startCollections();
      return { peakMb: peak, afterGcMb };
    },
    stop: () => {
      clearInterval(timer);
      collected();
      running = false;
    },
  };
}
