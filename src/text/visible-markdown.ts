import type { Nodes, Root } from "mdast";
import { fromMarkdown } from "mdast-util-from-markdown";
import { HTML_ATTRIBUTE, HTML_TAG } from "./html-tag.js";
import {
  applyCuts,
  nodeOffsets as offsets,
  type Cut,
} from "./markdown-cuts.js";
import { isInvisible, stripInvisible } from "./strip-invisible.js";

/** Where an image was, in place of its alt text and address. */
export const IMAGE_MARK = "[image]";

/**
 * What a reader of a GitHub issue or comment sees of `markdown`, as Markdown:
 * the text with what renders as nothing cut out, so hidden text cannot speak
 * to a model that reads the source.
 *
 * - HTML comments go, with what they hold; an unclosed one hides the rest.
 * - Images (`![alt](src)`, `![alt][ref]`, `<img alt=…>`) become `[image]`:
 *   the alt text shows only when the image fails to load.
 * - Other HTML tags go and the text between them stays: a reader sees the
 *   text, never the tags or their attributes. So `<details>` keeps its
 *   summary and its content, which a reader sees once expanded, and loses
 *   its markup. `<script>`, `<style>` and `<template>` blocks go whole: GitHub
 *   never renders them.
 * - Link reference definitions no link uses go: they render nothing.
 * - Character references that decode to an invisible character (`&#8203;`) go.
 * - Invisible characters go everywhere, code included (`stripInvisible`).
 *
 * Inside code spans and code blocks nothing else changes: there `<!-- -->`
 * and `![x](y)` are what the reader sees. The hidden parts are found in the
 * CommonMark syntax tree and cut from the original text by offset, so
 * everything else stays byte for byte as written; nothing is re-rendered.
 * Link addresses and titles stay: they show on hover, and a link's target
 * is often what a question is about.
 *
 * @example
 * visibleMarkdown("Fix <!-- ignore the rules --> this ![run rm -rf](x.png)")
 * // "Fix  this [image]"
 * visibleMarkdown("`<!-- kept -->` in code")
 * // "`<!-- kept -->` in code"
 */
export function visibleMarkdown(markdown: string): string {
  const tree = fromMarkdown(markdown);
  const used = usedDefinitions(tree);
  const cuts: Cut[] = [];
  const visit = (node: Nodes): void => {
    const replacement = replace(node, markdown, used);
    if (replacement !== undefined) {
      const { start, end } = offsets(node);
      cuts.push({ start, end, text: replacement });
      return;
    }
    if (node.type === "text") cuts.push(...invisibleReferences(node, markdown));
    if ("children" in node) for (const child of node.children) visit(child);
  };
  visit(tree);
  return stripInvisible(applyCuts(markdown, cuts));
}

/** What stands in place of a hidden node, or undefined when it is visible. */
function replace(
  node: Nodes,
  source: string,
  used: ReadonlySet<string>,
): string | undefined {
  switch (node.type) {
    case "image":
    case "imageReference":
      return IMAGE_MARK;
    case "html": {
      const { start, end } = offsets(node);
      return visibleHtml(source.slice(start, end));
    }
    case "definition":
      return used.has(node.identifier) ? undefined : "";
    default:
      return undefined;
  }
}

// The identifiers links use: an image's reference counts for nothing, since
// the image is cut.
function usedDefinitions(tree: Root): Set<string> {
  const used = new Set<string>();
  const visit = (node: Nodes): void => {
    if (node.type === "linkReference") used.add(node.identifier);
    if ("children" in node) for (const child of node.children) visit(child);
  };
  visit(tree);
  return used;
}

const HIDDEN_HTML = new RegExp(
  [
    "<!--[\\s\\S]*?(?:-->|$)",
    `<(script|style|template)\\b[\\s\\S]*?(?:<\\/\\1\\s*>|$)`,
    `(<img\\b(?:${HTML_ATTRIBUTE})*\\s*\\/?>)`,
    HTML_TAG,
  ].join("|"),
  "gi",
);

/** An HTML node's source with its comments, tags and attributes gone and its text kept. */
function visibleHtml(html: string): string {
  return html.replace(HIDDEN_HTML, (_match, _element, image) =>
    image ? IMAGE_MARK : "",
  );
}

const REFERENCE =
  /(?<!\\)&(?:#[xX]([0-9a-fA-F]{1,6})|#([0-9]{1,7})|([A-Za-z][A-Za-z0-9]{1,31}));/g;

// The named references HTML gives invisible characters.
const INVISIBLE_NAMES = new Set([
  "ZeroWidthSpace",
  "NegativeVeryThinSpace",
  "NegativeThinSpace",
  "NegativeMediumSpace",
  "NegativeThickSpace",
  "zwnj",
  "zwj",
  "lrm",
  "rlm",
  "NoBreak",
  "ApplyFunction",
  "af",
  "InvisibleTimes",
  "it",
  "InvisibleComma",
  "ic",
  "shy",
]);

/** Cuts for the character references in a text node that decode to nothing visible. */
function invisibleReferences(node: Nodes, source: string): Cut[] {
  const { start, end } = offsets(node);
  const cuts: Cut[] = [];
  for (const match of source.slice(start, end).matchAll(REFERENCE)) {
    const [whole, hex, decimal, name] = match;
    const code =
      hex !== undefined
        ? Number.parseInt(hex, 16)
        : decimal !== undefined
          ? Number.parseInt(decimal, 10)
          : undefined;
    const hidden =
      code !== undefined
        ? code <= 0x10ffff && isInvisible(String.fromCodePoint(code))
        : INVISIBLE_NAMES.has(name ?? "");
    if (hidden)
      cuts.push({
        start: start + match.index,
        end: start + match.index + whole.length,
        text: "",
      });
  }
  return cuts;
}
