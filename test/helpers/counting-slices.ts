import {
  createTimeSlices,
  type TimeSlices,
} from "../../src/shared/time-slices.js";

/**
 * Time slices in which every step spends the whole slice (the clock never
 * moves and a slice lasts 0 ms), so a computation pauses at every `yield`
 * whatever the machine's speed; `turns()` says how many turns it gave the
 * event loop.
 */
export function countingSlices(): { slices: TimeSlices; turns: () => number } {
  let turns = 0;
  const slices = createTimeSlices({
    sliceMs: 0,
    now: () => 0,
    nextTurn: (resume) => {
      turns++;
      setImmediate(resume);
    },
  });
  return { slices, turns: () => turns };
}
