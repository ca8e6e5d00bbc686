import type { CitedFile } from "../storage/answer-records/answer-record.js";
import { diffLines } from "./diff-lines.js";
import { fileFates, whole } from "./file-fates.js";
import type { ChangedCitation } from "../answer/render-code-changed-note.js";

/** The pushed head's files, read one at a time, and the blobs answers cited. */
export interface HeadFiles {
  /**
   * The file at `path` in the pushed head: its blob SHA, and its text, read
   * when asked (undefined when it is not text); undefined when no file is
   * at that path.
   */
  at(
    path: string,
  ): Promise<{ blob: string; text(): Promise<string | undefined> } | undefined>;
  /** The text of a blob an answer cited, by SHA; undefined when it is not text or gone. */
  blob(sha: string): Promise<string | undefined>;
}

/** What became of one cited file at the head: its places changed or moved, and its blob there. */
export interface FileJudgement {
  places: ChangedCitation[];
  /** Its blob at the head (the cited one, when it is gone). */
  blob: string;
}

/**
 * Judges one cited file against the pushed head by itself, where GitHub's
 * comparison cannot: the file is past the 300 it lists, it has no patch,
 * or a force push left the answer's commit outside the head's history. The blob the answer cited is known by SHA, so the file's blob at
 * the head settles most cases with one request (the same blob: nothing
 * changed); only a different blob is read, with the cited one, and the two
 * texts diffed (`diffLines`) to place the cited lines as a patch would.
 * `at` is where the file is at the head (a renamed file's new path).
 *
 * @example
 * await compareCitedFile({ path: "src/retry.ts", blob: "a1…", ranges: [[10, 20]] }, files)
 * // { places: [{ path: "src/retry.ts", range: [10, 20], fate: "moved", now: { path: "src/retry.ts", range: [12, 22] } }], blob: "c3…" }
 */
export async function compareCitedFile(
  file: CitedFile,
  files: HeadFiles,
  at: string = file.path,
): Promise<FileJudgement> {
  const now = await files.at(at);
  if (!now) return { places: whole(file, "deleted"), blob: file.blob };
  const renamed = at !== file.path ? at : undefined;
  if (now.blob === file.blob)
    return { places: fileFates(file, NO_CHANGES, renamed), blob: now.blob };
  // A whole-file citation changed with any byte (no changes to place: all
  // of it changed), so neither text is read.
  const after = file.ranges.length > 0 ? await now.text() : undefined;
  const before = after === undefined ? undefined : await files.blob(file.blob);
  const changes =
    after !== undefined && before !== undefined
      ? diffLines(before, after)
      : undefined;
  return { places: fileFates(file, changes, renamed), blob: now.blob };
}

const NO_CHANGES = { removed: [], insertedBefore: [] };
