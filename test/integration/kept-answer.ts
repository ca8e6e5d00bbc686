import type { AnswerRecord } from "../../src/storage/answer-records/answer-record.js";
import { buildAnswerRecord } from "../../src/answer-records/build-answer-record.js";
import { OWNER, REPO, REPOSITORY_ID, SHA } from "./probot-harness.js";

const WEB = `https://github.com/${OWNER}/${REPO}`;

/** An answer askcode posted at SHA, citing should_give_up's `lines` in src/upload.py. */
export function uploadAnswerBody([start, end]: [number, number]): string {
  return `should_give_up decides, in [src/upload.py](${WEB}/blob/${SHA}/src/upload.py#L${start}-L${end}).\n\n<sub>askcode · retrieval only, no model · 1.0s · read at [${SHA.slice(0, 7)}](${WEB}/commit/${SHA})</sub>`;
}

/**
 * The record a run keeps when it posts `uploadAnswerBody(lines)` as comment
 * `commentId` in issue `issueNumber` (`buildAnswerRecord`, as the run calls
 * it), in Codertocat/Hello-World of installation 1 unless `installationId`
 * says another.
 */
export function keptUploadAnswer(options: {
  issueNumber: number;
  commentId: number;
  lines: [number, number];
  answeredAt: number;
  /** src/upload.py's blob SHA in the tree the run read (the harness's tree says "0" × 40). */
  blob?: string;
  installationId?: number;
}): AnswerRecord {
  const record = buildAnswerRecord({
    body: uploadAnswerBody(options.lines),
    place: {
      owner: OWNER,
      repo: REPO,
      htmlUrl: WEB,
      issueNumber: options.issueNumber,
      reactTo: { kind: "comment", commentId: options.commentId - 1 },
      commentId: options.commentId,
    },
    installationId: options.installationId ?? 1,
    repositoryId: REPOSITORY_ID,
    sha: SHA,
    tree: [
      {
        path: "src/upload.py",
        type: "file",
        sha: options.blob ?? "0".repeat(40),
      },
    ],
    answeredAt: options.answeredAt,
  });
  if (!record) throw new Error("the answer cites nothing to keep");
  return record;
}
