/** Where a run is, for the comment askcode edits while it works. */
export type ProgressStage =
  | { stage: "queued" }
  | { stage: "searching" }
  | { stage: "reading"; files: number }
  | { stage: "thinking"; step: number; maxSteps: number }
  | { stage: "writing" };

/**
 * The body of the one comment askcode posts at once and then edits as the
 * run goes, until the answer (or a failure) replaces it.
 *
 * @example
 * renderProgressComment({ stage: "reading", files: 12 })
 * // "⏳ Reading 12 files…\n\n<sub>askcode · this comment will be updated with the answer</sub>"
 */
export function renderProgressComment(progress: ProgressStage): string {
  return `⏳ ${describe(progress)}\n\n<sub>askcode · this comment will be updated with the answer</sub>`;
}

function describe(progress: ProgressStage): string {
  switch (progress.stage) {
    case "queued":
      return "Queued: askcode will start on this question in a moment…";
    case "searching":
      return "Searching the code…";
    case "reading":
      return progress.files === 1
        ? "Reading 1 file…"
        : `Reading ${progress.files.toLocaleString("en")} files…`;
    case "thinking":
      return `Working through the code (step ${progress.step} of ${progress.maxSteps})…`;
    case "writing":
      return "Writing the answer…";
  }
}
