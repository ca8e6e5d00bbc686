/** Who took a file in a `takeTurns` table: nobody yet, the main thread, the other. */
export const UNTAKEN = 0;
export const TAKEN_HERE = 1;
export const TAKEN_THERE = 2;

/**
 * A table, shared by two threads, of who takes each of `count` files.
 *
 * @example
 * const taken = turnsTable(files.length); // posted to the other thread with the files
 */
export function turnsTable(count: number): Int32Array {
  return new Int32Array(new SharedArrayBuffer(4 * Math.max(count, 1)));
}

/**
 * Works through the files of `taken` in order, each thread taking the next
 * one nobody took (an atomic compare-and-swap, so no file is taken twice)
 * and running `work` on it, until none is left: neither thread waits while
 * a file remains, however unevenly their files cost.
 *
 * @example
 * takeTurns(taken, TAKEN_HERE, (k) => derive(files[k]));
 */
export function takeTurns(
  taken: Int32Array,
  who: typeof TAKEN_HERE | typeof TAKEN_THERE,
  work: (k: number) => void,
  count = taken.length,
): void {
  for (let k = 0; k < count; k++)
    if (Atomics.compareExchange(taken, k, UNTAKEN, who) === UNTAKEN) work(k);
}

/** Whether the other thread took any of the first `count` files. */
export function anyTakenThere(taken: Int32Array, count: number): boolean {
  for (let k = 0; k < count; k++)
    if (Atomics.load(taken, k) === TAKEN_THERE) return true;
  return false;
}
