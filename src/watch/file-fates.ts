import type { CitedFile } from "../storage/answer-records/answer-record.js";
import type { ChangedCitation } from "../answer/render-code-changed-note.js";
import { rangeFate, type PatchChanges } from "./patch-changes.js";

/**
 * What a change to one cited file did to what was cited of it: nothing
 * (`[]`), or each place changed or moved. `changes` are its lines removed
 * and added (from GitHub's patch or `diffLines`), undefined when which
 * lines changed cannot be told (then every cited range counts as
 * changed); `renamed` is its path now, when it has a new one. A
 * whole-file citation changes with any line of the file.
 *
 * @example
 * fileFates({ path: "a.ts", blob, ranges: [[10, 20]] }, { removed: [], insertedBefore: [3] })
 * // [{ path: "a.ts", range: [10, 20], fate: "moved", now: { path: "a.ts", range: [11, 21] } }]
 */
export function fileFates(
  file: CitedFile,
  changes: PatchChanges | undefined,
  renamed?: string,
): ChangedCitation[] {
  if (!changes) return whole(file, "changed");
  if (file.ranges.length === 0)
    return changes.removed.length + changes.insertedBefore.length > 0
      ? whole(file, "changed")
      : renamed
        ? [{ path: file.path, fate: "moved", now: { path: renamed } }]
        : [];
  return file.ranges.flatMap((range): ChangedCitation[] => {
    const fate = rangeFate(range, changes);
    if (fate.fate === "changed")
      return [{ path: file.path, range, fate: "changed" }];
    if (fate.fate === "same" && !renamed) return [];
    const to = fate.fate === "moved" ? fate.to : range;
    return [
      {
        path: file.path,
        range,
        fate: "moved",
        now: { path: renamed ?? file.path, range: to },
      },
    ];
  });
}

/** Every cited range of a file (or the file) with one fate. */
export function whole(
  file: CitedFile,
  fate: "changed" | "deleted",
): ChangedCitation[] {
  return file.ranges.length === 0
    ? [{ path: file.path, fate }]
    : file.ranges.map((range) => ({ path: file.path, range, fate }));
}
