import { formatBytes } from "./format-bytes.js";

/**
 * Notes for the files a search did not look at, so that a reader knows the
 * result may be incomplete and what to do about it.
 *
 * @example
 * skippedFilesNotes({ tooLarge: ["dist/app.js"], binaries: 2, maxFileBytes: 1024 * 1024 })
 * // ["1 file over the 1 MB size limit was not searched (dist/app.js); read it directly.",
 * //  "2 binary files were not searched."]
 */
export function skippedFilesNotes(skipped: {
  tooLarge: readonly string[];
  binaries: number;
  maxFileBytes: number;
}): string[] {
  const notes: string[] = [];
  const large = skipped.tooLarge.length;
  if (large > 0) {
    const examples =
      [...skipped.tooLarge].sort().slice(0, 3).join(", ") +
      (large > 3 ? ", …" : "");
    notes.push(
      `${large === 1 ? "1 file" : `${large} files`} over the ${formatBytes(skipped.maxFileBytes)} size limit ` +
        `${large === 1 ? "was" : "were"} not searched (${examples}); read ${large === 1 ? "it" : "them"} directly.`,
    );
  }
  if (skipped.binaries === 1) notes.push("1 binary file was not searched.");
  if (skipped.binaries > 1)
    notes.push(`${skipped.binaries} binary files were not searched.`);
  return notes;
}
