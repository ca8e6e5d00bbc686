import type { AnswerRecord } from "../../src/storage/answer-records/answer-record.js";

/**
 * askcode's answer 7 on octo-org/hello-world#1 (installation 1's repository
 * 1296269), answered at `answeredAt`, citing two lines of the README: a
 * record as the stores keep it.
 */
export function answerRecord(answeredAt: number): AnswerRecord {
  return {
    id: "1:1296269:issue-comment:7",
    repository: "1:1296269",
    installationId: 1,
    place: {
      owner: "octo-org",
      repo: "hello-world",
      htmlUrl: "https://github.com/octo-org/hello-world",
      issueNumber: 1,
      reactTo: { kind: "comment", commentId: 492700400 },
      commentId: 7,
    },
    url: "https://github.com/octo-org/hello-world/issues/1#issuecomment-7",
    answeredAt,
    read: {
      sha: "6dcb09b5b57875f334f61aebed695e2e4193db5e",
      cited: [{ path: "README.md", blob: "a".repeat(40), ranges: [[1, 2]] }],
    },
  };
}
