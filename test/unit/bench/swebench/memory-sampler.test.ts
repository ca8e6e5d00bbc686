import {
  createMemorySampler,
  type HeapProbe,
} from "../../../../bench/swebench/memory-sampler.js";

const MB = 1024 * 1024;

/** A heap at `now` MB whose collections, when recording, happen at the sizes pushed to `before`. */
function fakeHeap() {
  const state = { now: 10, before: [] as number[], recording: false };
  const probe: HeapProbe = {
    heapUsed: () => state.now * MB,
    startCollections: () => {
      state.recording = true;
      state.before = [];
    },
    stopCollections: () => {
      const seen = state.recording ? state.before.map((mb) => mb * MB) : [];
      state.recording = false;
      return seen;
    },
  };
  return { state, probe };
}

describe("createMemorySampler", () => {
  it("counts the heap just before each collection, which no sample sees", () => {
    const { state, probe } = fakeHeap();
    const memory = createMemorySampler(60_000, probe);
    memory.nextWindow();
    // The instance's garbage reached 50 MB and was collected between samples.
    state.before.push(50, 30);
    state.now = 20;
    memory.sample();
    expect(memory.nextWindow().peakMb).toBe(50);
    expect(memory.peaks().heapUsedMb).toBe(50);
    // The next window starts from nothing of the last one's.
    state.before.push(25);
    expect(memory.nextWindow().peakMb).toBe(25);
    memory.stop();
  });

  it("reads collections up to the moment the run's peaks are asked for", () => {
    const { state, probe } = fakeHeap();
    const memory = createMemorySampler(60_000, probe);
    state.before.push(70);
    expect(memory.peaks().heapUsedMb).toBe(70);
    // Still recording afterwards, until stopped.
    state.before.push(90);
    memory.stop();
    expect(memory.peaks().heapUsedMb).toBe(90);
    expect(state.recording).toBe(false);
  });
});
