// The h21 move plan as data, for scripts/layers/layers-report.mjs: it applies
// these moves to the import graph and checks .dependency-cruiser.cjs's rules
// on the result, so LAYERING-REPORT.md can say the plan leaves no violation.

const run = (name) => `src/run/${name}.ts`;

const CANDIDATES = [
  "collect-files",
  "named-files",
  "code-search-files",
  "search-tree-paths",
  "merge-candidates",
  "candidates-note",
  "candidate-queries",
];

// The list, plus read-by.ts: issue-comments, pull-requests and
// review-thread-comments read through it, and it takes IssuesOctokit from
// them, so left in run/ it would be a conversation -> run import.
const CONVERSATION = [
  "issue-comments",
  "review-thread-comments",
  "discussion-comments",
  "graphql-octokit",
  "thread-from-comments",
  "pull-requests",
  "pull-request-commit",
  "review-line-context",
  "question-comments",
  "retry-comment-write",
  "send-redacted-comment",
  "comment-refused-error",
  "read-by",
];

/** File moves: [old path, new path]. */
export const moves = [
  ...CANDIDATES.map((n) => [run(n), `src/retrieval/candidates/${n}.ts`]),
  ...CONVERSATION.map((n) => [run(n), `src/conversation/${n}.ts`]),
  ["src/retrieval/file-filters.ts", "src/policy/file-filters.ts"],
  ["src/answer/permalink.ts", "src/shared/permalink.ts"],
  ["src/cache/create-read-caches.ts", "src/compose/create-read-caches.ts"],
  [
    "src/code-host/github/create-installation-code-host.ts",
    "src/compose/create-installation-code-host.ts",
  ],
  ["src/metrics/count-question-runs.ts", "src/run/count-question-runs.ts"],
  ["src/metrics/count-job-queue.ts", "src/jobs/count-job-queue.ts"],
];

/**
 * Declarations that move out of a file into another (new or existing) one:
 * imports of `names` from `from` go to `to`; `deps` are the new file's own
 * imports; `from` keeps importing `to` when it still uses the names.
 * Paths are the ones after `moves`.
 */
export const extractions = [
  {
    id: "E1",
    why: "agent/ and tools/ read pull-request facts without importing conversation/ (above them)",
    from: "src/conversation/pull-requests.ts",
    to: "src/code-host/pull-request-facts.ts",
    names: ["ChangedFile", "PullRequestFacts"],
    deps: [],
    fromKeepsUsing: true,
  },
  {
    id: "E1",
    why: "same file: the review comment's lines, rendered by agent/",
    from: "src/conversation/review-line-context.ts",
    to: "src/code-host/pull-request-facts.ts",
    names: ["ReviewLineContext"],
    deps: [],
    fromKeepsUsing: true,
  },
  {
    id: "E2",
    why: "breaks the cycles issue-comments <-> read-by and issue-comments <-> send-redacted-comment",
    from: "src/conversation/issue-comments.ts",
    to: "src/conversation/issues-octokit.ts",
    names: ["IssuesOctokit"],
    deps: [],
    fromKeepsUsing: true,
  },
  {
    id: "E3",
    why: "breaks the cycle bm25-index <-> bm25-builder (the builder makes the index, so it owns its shape)",
    from: "src/retrieval/index/bm25-index.ts",
    to: "src/retrieval/index/bm25-builder.ts",
    names: ["Bm25Index"],
    deps: [],
    fromKeepsUsing: true,
  },
  {
    id: "E4",
    why: "breaks the cycle search-pacer <-> search-pacer-queue (the queue implements the interface)",
    from: "src/code-host/github/search-pacer.ts",
    to: "src/code-host/github/search-pacer-queue.ts",
    names: ["SearchPacer"],
    deps: [],
    fromKeepsUsing: true,
  },
  {
    id: "E5",
    why: "shared/permalink.ts may import nothing outside shared/: the pure path encoder goes with it; code-host keeps the Octokit hook",
    from: "src/code-host/github/encode-path-segments.ts",
    to: "src/shared/encode-path-segments.ts",
    names: ["encodePathSegments"],
    deps: [],
    fromKeepsUsing: true,
  },
  {
    id: "E6",
    why: "breaks the cycle index-repository <-> assemble-index (main split the assembly out of index-repository.ts; the assembler makes the index, so it owns its shape, as in E3); index-repository.ts re-exports both, so no importer changes",
    from: "src/retrieval/index/index-repository.ts",
    to: "src/retrieval/index/assemble-index.ts",
    names: ["IndexedFile", "RepositoryIndex"],
    deps: [],
    fromKeepsUsing: true,
  },
];

/**
 * Imports that disappear because the importer states the (structural) type
 * it needs itself: [from, to, why]. Paths are the ones after `moves`.
 */
export const dropped = [
  [
    "src/metrics/count-answer-reactions.ts",
    "src/conversation/issue-comments.ts",
    "I1: count-answer-reactions declares `{ commentId: number; thumbsDown: number }` itself (AnswerThumbsDown is structural), so metrics/ needs nothing from conversation/",
  ],
  [
    "src/answer/render-interrupted-comment.ts",
    "src/jobs/question-job.ts",
    'I2: renderInterruptedComment takes `{ kind: "question" } | { kind: "mission"; label: string }` (what it reads of QuestionJob["task"]) instead of importing the job type from jobs/',
  ],
];

/**
 * Plan B, only for the order exactly as the issue gives it (trigger above
 * jobs above run): everything run/ and conversation/ take from trigger/ and
 * jobs/ has to come from below them. Applied on top of `moves`.
 */
const trigger = (n) => [`src/trigger/${n}.ts`, `src/question/${n}.ts`];
export const literalMoves = [
  // decideTrigger (run/accept-trigger) and the mention/retry helpers
  // (run/previous-question, run/run-question), with what they import.
  ...[
    "decide-trigger",
    "decide-label",
    "decide-mention",
    "screen-trigger",
    "sender-kind",
    "mask-non-prose",
    "find-mention",
    "is-acknowledgement",
    "is-retry-request",
    "find-asked-ref",
    "trigger-types",
  ].map(trigger),
  // The job payloads and the queue's types run/ reads.
  ["src/jobs/question-job.ts", "src/question/question-job.ts"],
  ["src/jobs/trigger-job.ts", "src/question/trigger-job.ts"],
  ["src/jobs/job-queue.ts", "src/question/job-queue.ts"],
  ["src/jobs/retry-later-error.ts", "src/shared/retry-later-error.ts"],
];
