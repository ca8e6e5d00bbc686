/** An earlier issue of the repository like the one asking, to link in its answer. */
export interface SimilarIssueLink {
  number: number;
  title: string;
  state: "open" | "closed";
}

// A title is shown as written: markdown's characters escaped, and a
// zero-width joiner after "@" and "#" so neither a mention nor a reference
// is made of it (shown the same, linked to nothing).
const FORMATTING = /[\\`*_[\]<>|~]/g;
const REFERENCE = /([@#])(?=\w)/g;
const MAX_TITLE = 80;

/**
 * The line an answer to a new issue ends with when earlier issues of the
 * repository are like it: each as `#12`, which GitHub renders as a link to
 * the issue with its title, its state and its title as written (markdown,
 * mentions and references in it defused: nobody is pinged, no other issue
 * referenced). Empty for none.
 *
 * @example
 * renderSimilarIssues([{ number: 12, title: "Upload retries forever", state: "closed" }])
 * // "**Similar earlier issues**: #12 (closed) Upload retries forever."
 */
export function renderSimilarIssues(
  issues: readonly SimilarIssueLink[],
): string {
  if (issues.length === 0) return "";
  const links = issues.map(
    (issue) => `#${issue.number} (${issue.state}) ${plainTitle(issue.title)}`,
  );
  return `**Similar earlier issues**: ${links.join("; ")}.`;
}

function plainTitle(title: string): string {
  const plain = title
    .replace(/\s+/g, " ")
    .trim()
    .replace(REFERENCE, "$1\u200d");
  const short =
    plain.length > MAX_TITLE
      ? `${plain.slice(0, MAX_TITLE - 1).trimEnd()}…`
      : plain;
  return short.replace(FORMATTING, "\\$&");
}
