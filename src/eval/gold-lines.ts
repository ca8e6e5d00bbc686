/** One line of a gold hunk: a line of the file at `base_commit` that the fix touched or framed. */
export interface GoldLine {
  path: string;
  /** 1-based, in the file at `base_commit`. */
  line: number;
}

export interface GoldLines {
  lines: GoldLine[];
  /** Whitespace-only lines left out (see `goldLines`). */
  blank: number;
  /** Hunk lines past the end of the file (0 unless the data and the commit disagree). */
  outOfRange: number;
  /** Gold files the harness could not read at `base_commit`. */
  missingFiles: string[];
}

/**
 * The lines line recall is measured on: every line of every gold hunk
 * ([start, count] on the file at `base_commit`), except
 * - hunks with count 0 (pure insertions), which name no existing line;
 * - whitespace-only lines: they carry nothing a model could use, and counting
 *   them would reward a whole file for its blank lines and punish a
 *   compressed piece for dropping them. The same rule applies to both systems.
 *
 * A line listed by two hunks counts once.
 *
 * @example
 * goldLines({ "a.py": [[2, 3]] }, () => ["x", "def f():", "", "    return 1"])
 * // { lines: [{ path: "a.py", line: 2 }, { path: "a.py", line: 4 }], blank: 1, outOfRange: 0, missingFiles: [] }
 */
export function goldLines(
  hunks: Readonly<Record<string, ReadonlyArray<readonly [number, number]>>>,
  fileLines: (path: string) => readonly string[] | undefined,
): GoldLines {
  const out: GoldLines = {
    lines: [],
    blank: 0,
    outOfRange: 0,
    missingFiles: [],
  };
  for (const [path, ranges] of Object.entries(hunks)) {
    const file = fileLines(path);
    if (!file) {
      out.missingFiles.push(path);
      continue;
    }
    const seen = new Set<number>();
    for (const [start, count] of ranges) {
      for (let line = start; line < start + count; line++) {
        if (seen.has(line)) continue;
        seen.add(line);
        const text = file[line - 1];
        if (text === undefined) out.outOfRange++;
        else if (text.trim() === "") out.blank++;
        else out.lines.push({ path, line });
      }
    }
  }
  return out;
}
