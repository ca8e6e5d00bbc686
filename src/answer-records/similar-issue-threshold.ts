/**
 * The least similarity (`scoreSimilarIssues`) at which an earlier issue is
 * linked: the lowest threshold whose links were related (their fixes
 * changed a file in common) 80 % of the time or more on the training part
 * of the training set, at it and above (81.8 % of 11 links; the held-out
 * part: 6 of 6). Few issues get a link at it (about 1 in 100 there), which
 * is the point: a wrong link is noise. Measured with
 * `npm run bench:similar-issues` (docs/benchmark.md, "Similar earlier issues").
 */
export const SIMILAR_ISSUE_THRESHOLD = 0.6;
