/**
 * The least similarity (`scoreSimilarIssues`) at which an earlier issue is
 * linked: the lowest threshold whose links were related (their fixes
 * changed a file in common) 80 % of the time or more, at it and at every
 * threshold above, on the training part of the training set (9 of 11
 * links, 81.8 %); on the held-out part, 9 of 10 (90 %). Few issues get a
 * link at it (1 to 2 in 100 there, with only the set's rows as earlier
 * issues), which is the point: a wrong link is noise. Measured with
 * `npm run bench:similar-issues` (docs/benchmark.md, "Similar earlier issues").
 */
export const SIMILAR_ISSUE_THRESHOLD = 0.6;
