import type {
  CitedFile,
  TrackedCitations,
} from "../storage/answer-records/answer-record.js";
import type {
  CommitComparison,
  ComparedFile,
} from "../code-host/github/compare-commits.js";
import type { ChangedCitation } from "../answer/render-code-changed-note.js";
import type { FileJudgement } from "./compare-cited-file.js";
import { fileFates, whole } from "./file-fates.js";
import { readPatch } from "./patch-changes.js";
import type { PushFacts } from "./push-facts.js";

/** What a push means for one answer's citations. */
export type CitationVerdict =
  /** Nothing to say: the head is where they are tracked, or behind it (an older push, delivered late). */
  | { kind: "unknown" }
  /** None of the cited lines changed or moved: they are now tracked at the head. */
  | { kind: "unchanged"; tracked: TrackedCitations }
  | { kind: "changed"; places: ChangedCitation[] };

/**
 * Judges an answer's cited lines against a push: which were changed,
 * moved or deleted between the commit they are tracked at and the pushed
 * head (each file's blob SHA at the head is kept when nothing cited moved,
 * so the next push starts from there). GitHub's comparison of the two
 * commits says it from the patches alone when the head descends from the
 * tracked commit. Where it cannot, `compareFile` judges the file by itself
 * at the head (`compareCitedFile`):
 * - a file past the 300 the comparison lists, unless the payload proves
 *   it unchanged (the answer is tracked at the push's `before`, and no
 *   pushed commit touched the path);
 * - a file listed without a patch (binary, or a diff too large to show);
 * - every file when the head does not descend from the tracked commit (a
 *   force push dropped it: the comparison's diff starts from the merge
 *   base, or the branch was reset behind it) or GitHub could not compare
 *   the two at all (`comparison` undefined: the commit is gone).
 *
 * @example
 * await judgeCitations({ sha: "a1…", cited: [{ path: "src/retry.ts", blob: "b2…", ranges: [[10, 20]] }] }, comparison, push, compareFile)
 * // { kind: "changed", places: [{ path: "src/retry.ts", range: [10, 20], fate: "moved", now: { path: "src/retry.ts", range: [12, 22] } }] }
 */
export async function judgeCitations(
  tracked: TrackedCitations,
  comparison: CommitComparison | undefined,
  push: Pick<PushFacts, "before" | "head" | "forced" | "changedPaths">,
  compareFile: (file: CitedFile, at: string) => Promise<FileJudgement>,
): Promise<CitationVerdict> {
  if (comparison?.status === "identical") return { kind: "unknown" };
  // Without a force, a head behind the answer's commit is an older push
  // delivered late: the branch has moved on past it.
  if (comparison?.status === "behind" && !push.forced)
    return { kind: "unknown" };
  const exact =
    comparison?.status === "ahead" && comparison.mergeBase === tracked.sha
      ? comparison
      : undefined;
  const proven = (path: string) =>
    tracked.sha === push.before && push.changedPaths?.has(path) === false;
  const places: ChangedCitation[] = [];
  const cited: CitedFile[] = [];
  for (const file of tracked.cited) {
    const listed = exact && listedAs(file, exact);
    const judged =
      (exact && fromComparison(file, listed, exact.filesCut, proven)) ??
      (await compareFile(file, listed ? listed.path : file.path));
    places.push(...judged.places);
    cited.push({ ...file, blob: judged.blob });
  }
  return places.length > 0
    ? { kind: "changed", places }
    : { kind: "unchanged", tracked: { sha: push.head, cited } };
}

/**
 * What GitHub's comparison (from the tracked commit) says of one cited
 * file, or undefined when it cannot say.
 */
function fromComparison(
  file: CitedFile,
  compared: ComparedFile | undefined,
  filesCut: boolean,
  proven: (path: string) => boolean,
): FileJudgement | undefined {
  if (!compared)
    return filesCut && !proven(file.path)
      ? undefined
      : { places: [], blob: file.blob };
  if (compared.status === "removed")
    return { places: whole(file, "deleted"), blob: file.blob };
  const changes = patchChanges(file, compared);
  if (!changes) return undefined;
  const renamed = compared.path !== file.path ? compared.path : undefined;
  return {
    places: fileFates(file, changes, renamed),
    blob: compared.blob ?? file.blob,
  };
}

/** The comparison's entry for a cited file: under its path, or its old one when renamed. */
function listedAs(file: CitedFile, comparison: CommitComparison) {
  return comparison.files.find(
    (f) => f.path === file.path || f.previousPath === file.path,
  );
}

/** A compared file's changes from its patch; a rename without one changed nothing when its blob is the one cited. */
function patchChanges(file: CitedFile, compared: ComparedFile) {
  if (compared.patch) return readPatch(compared.patch);
  return compared.previousPath === file.path && compared.blob === file.blob
    ? { removed: [], insertedBefore: [] }
    : undefined;
}
