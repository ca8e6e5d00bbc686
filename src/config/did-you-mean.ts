/**
 * The known name closest to a misspelt one, if it is close enough to be a
 * typo: within a third of its length in edits (at least one, at most three),
 * where case and `-` for `_` cost nothing.
 *
 * @example
 * didYouMean("budget", ["budgets", "model"])        // "budgets"
 * didYouMean("max-steps", ["max_steps"])            // "max_steps"
 * didYouMean("colour", ["budgets", "model"])        // undefined
 */
export function didYouMean(
  name: string,
  known: readonly string[],
): string | undefined {
  const wanted = normalize(name);
  let best: string | undefined;
  let bestDistance = Infinity;
  for (const candidate of known) {
    const distance = editDistance(wanted, normalize(candidate));
    if (distance < bestDistance) {
      best = candidate;
      bestDistance = distance;
    }
  }
  const tolerance = Math.min(3, Math.max(1, Math.floor(name.length / 3)));
  return bestDistance <= tolerance ? best : undefined;
}

// Case and separators are the commonest slips in YAML keys; they cost nothing.
function normalize(name: string): string {
  return name.toLowerCase().replace(/[-\s]/g, "_");
}

/** Levenshtein distance, one row at a time. */
function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      const substitution =
        (previous[j - 1] as number) + (a[i - 1] === b[j - 1] ? 0 : 1);
      current[j] = Math.min(
        substitution,
        (previous[j] as number) + 1,
        (current[j - 1] as number) + 1,
      );
    }
    previous = current;
  }
  return previous[b.length] as number;
}
