import type { Nodes } from "mdast";
import { fromMarkdown } from "mdast-util-from-markdown";
import { backtickRuns } from "../text/code-span.js";
import { applyCuts, type Cut } from "../text/markdown-cuts.js";
import { quoteAsCode, type TextMatch } from "../text/quote-as-code.js";

// GitHub's references to another repository's issue, pull request or commit
// (https://docs.github.com/en/get-started/writing-on-github/working-with-advanced-formatting/autolinked-references-and-urls):
// `owner/repo#5`, `owner/repo@<sha>`, and `owner@<sha>` (a fork's commit).
const NAME = String.raw`[A-Za-z0-9](?:[A-Za-z0-9-]{0,38})`;
const CROSS_REPOSITORY = new RegExp(
  String.raw`(?<![\w/.@-])${NAME}(?:\/[\w.-]+#\d+|(?:\/[\w.-]+)?@[0-9a-fA-F]{7,40})(?!\w)`,
  "g",
);
// A closing keyword and what it closes (https://docs.github.com/en/issues/tracking-your-work-with-issues/using-issues/linking-a-pull-request-to-an-issue):
// `Fixes #3`, `closes: GH-3`, `Resolved owner/repo#3`.
const CLOSING = new RegExp(
  String.raw`\b(?:close[sd]?|fix(?:e[sd])?|resolve[sd]?)[ \t]*:?[ \t]+((?:${NAME}\/[\w.-]+)?#\d+|GH-\d+)(?!\w)`,
  "gi",
);

/**
 * Keeps an answer from acting on other issues: GitHub turns
 * `other/repo#5` and `other/repo@abc1234` into cross-references, which
 * put a notice of this answer in another repository's timeline (whoever
 * owns it), and a closing keyword before an issue (`Fixes #3`) marks the
 * issue to be closed where that text lands in a pull request or a commit.
 * Each becomes a code span, which GitHub shows as written and does not act
 * on. A plain `#3` of this repository stays: it links within the
 * repository the answer is about, and closes nothing.
 *
 * Text is read as rendered (`other\/repo&num;5` counts); code is left as it
 * is. A keyword split from its reference by formatting (`**Fixes** #3`) is
 * not caught; the cross-repository form is caught wherever it stands.
 *
 * @example
 * neutralizeReferences("Fixes other/repo#5 and closes #3; see #4").text
 * // "Fixes `other/repo#5` and closes `#3`; see #4"
 */
export function neutralizeReferences(markdown: string): {
  text: string;
  references: number;
} {
  // Parsing is what costs (tens of milliseconds for a long answer, on the
  // event loop, for every progress edit): text with no possible reference
  // is returned as it is.
  if (!mayHoldReference(markdown)) return { text: markdown, references: 0 };
  const tree = fromMarkdown(markdown);
  const taken = backtickRuns(markdown);
  const cuts: Cut[] = [];
  const visit = (node: Nodes): void => {
    if (node.type === "text")
      cuts.push(...quoteAsCode(markdown, node, findReferences, taken));
    else if ("children" in node)
      for (const child of node.children) visit(child);
  };
  visit(tree);
  return { text: applyCuts(markdown, cuts), references: cuts.length };
}

// The two forms without their boundaries, which only narrow a match: what
// they miss in the whole text, no text node of it holds.
const LOOSE = [
  new RegExp(
    String.raw`${NAME}(?:\/[\w.-]+#\d+|(?:\/[\w.-]+)?@[0-9a-fA-F]{7,40})`,
  ),
  new RegExp(
    String.raw`(?:close[sd]?|fix(?:e[sd])?|resolve[sd]?)[ \t]*:?[ \t]+(?:(?:${NAME}\/[\w.-]+)?#\d+|GH-\d+)`,
    "i",
  ),
];

/**
 * False only when no text node of the Markdown can hold a reference. A text
 * node is a piece of the source with its backslash escapes and character
 * references decoded, so the source is decoded the same way, over the
 * whole, and searched with the forms' boundaries left out. A named
 * character reference (`&num;`) could be anything: its text is parsed.
 */
function mayHoldReference(markdown: string): boolean {
  if (/&[A-Za-z][A-Za-z0-9]*;/.test(markdown)) return true;
  const decoded = markdown
    .replace(/\\([!-/:-@[-`{-~])/g, "$1")
    .replace(/&#(\d{1,7});/g, (_, code: string) => codePoint(Number(code)))
    .replace(/&#[xX]([0-9a-fA-F]{1,6});/g, (_, code: string) =>
      codePoint(Number.parseInt(code, 16)),
    );
  return LOOSE.some((form) => form.test(decoded));
}

function codePoint(code: number): string {
  return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : "\uFFFD";
}

/** The references in a text, in order and none overlapping. */
function findReferences(text: string): TextMatch[] {
  const found: TextMatch[] = [
    ...[...text.matchAll(CLOSING)].map((m) => {
      const end = m.index + m[0].length;
      return { start: end - (m[1] as string).length, end };
    }),
    ...[...text.matchAll(CROSS_REPOSITORY)].map((m) => ({
      start: m.index,
      end: m.index + m[0].length,
    })),
  ].sort((a, b) => a.start - b.start || b.end - a.end);
  const kept: TextMatch[] = [];
  for (const match of found)
    if (!kept.some((k) => match.start < k.end && k.start < match.end))
      kept.push(match);
  return kept;
}
