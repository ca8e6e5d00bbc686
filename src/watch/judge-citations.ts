import type {
  CitedFile,
  TrackedCitations,
} from "../answer-records/answer-record.js";
import type {
  CommitComparison,
  ComparedFile,
} from "../code-host/github/compare-commits.js";
import type { ChangedCitation } from "../answer/render-code-changed-note.js";
import { rangeFate, readPatch } from "./patch-changes.js";

/** What a comparison means for one answer's citations. */
export type CitationVerdict =
  /** The comparison says nothing about them (the head is not ahead of where they are tracked). */
  | { kind: "unknown" }
  /** None of the cited lines changed or moved: they are now tracked at the head. */
  | { kind: "unchanged"; tracked: TrackedCitations }
  | { kind: "changed"; places: ChangedCitation[] };

/**
 * Judges an answer's cited lines against GitHub's comparison of the commit
 * they are tracked at with a pushed `head`: which were changed, moved or
 * deleted, from each file's patch alone (its blob SHA at the head is kept
 * when nothing cited moved, so the next push starts from there). A file the
 * comparison does not list did not change, unless GitHub cut the list; a
 * file listed without a patch, or listed after a force push (the diff then
 * starts from the merge base, not from the tracked commit), counts as
 * changed, since which lines cannot be told.
 *
 * @example
 * judgeCitations({ sha: "a1…", cited: [{ path: "src/retry.ts", blob: "b2…", ranges: [[10, 20]] }] }, comparison, "c3…")
 * // { kind: "changed", places: [{ path: "src/retry.ts", range: [10, 20], fate: "moved", now: { path: "src/retry.ts", range: [12, 22] } }] }
 */
export function judgeCitations(
  tracked: TrackedCitations,
  comparison: CommitComparison,
  head: string,
): CitationVerdict {
  if (comparison.status === "behind" || comparison.status === "identical")
    return { kind: "unknown" };
  const exact = comparison.mergeBase === tracked.sha;
  const places: ChangedCitation[] = [];
  const cited: CitedFile[] = [];
  for (const file of tracked.cited) {
    const compared = comparison.files.find(
      (f) => f.path === file.path || f.previousPath === file.path,
    );
    if (!compared) {
      if (comparison.filesCut) places.push(...whole(file, "changed"));
      else cited.push(file);
      continue;
    }
    const fates = exact ? fileFates(file, compared) : whole(file, "changed");
    if (fates.length > 0) places.push(...fates);
    else cited.push({ ...file, blob: compared.blob ?? file.blob });
  }
  return places.length > 0
    ? { kind: "changed", places }
    : { kind: "unchanged", tracked: { sha: head, cited } };
}

/** What a diff of one cited file did to what was cited of it: nothing, or the places it changed. */
function fileFates(file: CitedFile, compared: ComparedFile): ChangedCitation[] {
  if (compared.status === "removed") return whole(file, "deleted");
  const renamed = compared.path !== file.path ? compared.path : undefined;
  // A file renamed without a change to its lines has no patch.
  const changes = compared.patch
    ? readPatch(compared.patch)
    : renamed
      ? { removed: [], insertedBefore: [] }
      : undefined;
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
function whole(
  file: CitedFile,
  fate: "changed" | "deleted",
): ChangedCitation[] {
  return file.ranges.length === 0
    ? [{ path: file.path, fate }]
    : file.ranges.map((range) => ({ path: file.path, range, fate }));
}
