/**
 * The known name closest to a misspelt one, if it is close enough to be a
 * typo: within a third of its length in edits (at least one, at most three),
 * where case and `-` for `_` cost nothing.
 *
 * @example
 * didYouMean("budget", ["budgets", "model"])        // "budgets"
 * didYouMean("max-steps", ["max_steps"])            // "max_steps"
 * didYouMean("modle", ["model", "enabled"])         // "model"
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

/**
 * Edits between two names, a swap of neighbours counting as one ("modle"
 * for "model" is the commonest slip of all): the optimal string alignment
 * distance. https://en.wikipedia.org/wiki/Damerau%E2%80%93Levenshtein_distance
 */
function editDistance(a: string, b: string): number {
  // rows[i][j]: edits from a's first i characters to b's first j.
  const rows: number[][] = [];
  for (let i = 0; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++) {
      if (i === 0) {
        row[j] = j;
        continue;
      }
      const above = rows[i - 1] as number[];
      let best = Math.min(
        (above[j - 1] as number) + (a[i - 1] === b[j - 1] ? 0 : 1),
        (above[j] as number) + 1,
        (row[j - 1] as number) + 1,
      );
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        best = Math.min(best, ((rows[i - 2] as number[])[j - 2] as number) + 1);
      row[j] = best;
    }
    rows.push(row);
  }
  return (rows[a.length] as number[])[b.length] as number;
}
