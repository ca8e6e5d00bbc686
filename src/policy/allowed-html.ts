import { HTML_TAG, parseHtmlTag } from "../text/html-tag.js";
import type { LinkPolicy } from "./link-policy.js";
import { findBareUrls } from "./find-bare-urls.js";

// Tags that format text and load nothing: what an answer uses (`<details>`,
// `<kbd>`, `<sub>`, tables). `a` and `img` are here too, their address checked.
const FORMATTING = new Set(
  (
    "a b blockquote br code dd del details div dl dt em h1 h2 h3 h4 h5 h6 hr i img ins kbd " +
    "li ol p pre q s samp small span strong sub summary sup table tbody td tfoot th thead tr tt ul var"
  ).split(" "),
);
// Attributes that carry no address.
const PLAIN_ATTRIBUTES = new Set(
  "align alt colspan height lang open rowspan title valign width".split(" "),
);
const HTML_PIECE = new RegExp(`<!--[\\s\\S]*?-->|${HTML_TAG}`, "gi");

/**
 * Whether a piece of raw HTML from an answer may be posted as it is: every
 * tag a formatting one, every attribute free of addresses except an `<a
 * href>` the policy allows as a link and an `<img src>` it allows as an
 * image, and no address in the text between the tags that GitHub could
 * link. Anything else (`<picture><source srcset>`, `<video poster>`,
 * `style`, an HTML comment that hides text) is not.
 *
 * @example
 * htmlAllowed("<details><summary>Logs</summary>", policy) // true
 * htmlAllowed('<img src="https://evil.test/x.png?d=…">', policy) // false
 */
export function htmlAllowed(html: string, policy: LinkPolicy): boolean {
  const between = html.replace(HTML_PIECE, " ");
  if (findBareUrls(between).length > 0) return false;
  // Something that opens like a tag but is not one a parser reads the same way.
  if (/<[A-Za-z/!?]/.test(between)) return false;
  for (const [piece] of html.matchAll(HTML_PIECE)) {
    if (piece.startsWith("<!--")) return false;
    const tag = parseHtmlTag(piece);
    if (!FORMATTING.has(tag.name)) return false;
    for (const { name, value } of tag.attributes) {
      if (PLAIN_ATTRIBUTES.has(name)) continue;
      if (tag.name === "a" && name === "href" && value !== undefined)
        if (policy.allowsLink(value)) continue;
      if (tag.name === "img" && name === "src" && value !== undefined)
        if (policy.allowsImage(value)) continue;
      return false;
    }
  }
  return true;
}
