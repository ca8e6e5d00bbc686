/**
 * Maps `items` through an async `fn` with at most `limit` calls in flight,
 * keeping the input order in the output. Bounds open file handles and git
 * requests when a reader touches thousands of files at once.
 *
 * @example
 * const sizes = await mapLimit(paths, 16, async (path) => (await stat(path)).size);
 */
export async function mapLimit<T, R>(
  items: readonly T[],
  limit: number,
  fn: (item: T, index: number) => Promise<R>,
): Promise<R[]> {
  if (!Number.isInteger(limit) || limit < 1)
    throw new TypeError(
      `mapLimit: limit must be a positive integer, got ${limit}`,
    );
  const results = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await fn(items[index] as T, index);
    }
  };
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, worker),
  );
  return results;
}
