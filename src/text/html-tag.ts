// An HTML attribute and a tag, as CommonMark defines them (section 6.6), so a
// `>` inside a quoted attribute does not end the tag.
export const HTML_ATTRIBUTE =
  "\\s+[A-Za-z_:][A-Za-z0-9_.:-]*(?:\\s*=\\s*(?:[^\\s\"'=<>`]+|'[^']*'|\"[^\"]*\"))?";
export const HTML_TAG = `<\\/?[A-Za-z][A-Za-z0-9-]*(?:${HTML_ATTRIBUTE})*\\s*\\/?>`;

/** One tag: its lower-cased name and its attributes, values unquoted. */
export interface HtmlTag {
  name: string;
  closing: boolean;
  attributes: Array<{ name: string; value: string | undefined }>;
}

const ATTRIBUTE_PARTS =
  /\s+([A-Za-z_:][A-Za-z0-9_.:-]*)(?:\s*=\s*(?:([^\s"'=<>`]+)|'([^']*)'|"([^"]*)"))?/g;

/**
 * Reads a tag that `HTML_TAG` matched.
 *
 * @example
 * parseHtmlTag('<img src="a.png" alt=x>')
 * // { name: "img", closing: false, attributes: [{ name: "src", value: "a.png" }, { name: "alt", value: "x" }] }
 */
export function parseHtmlTag(tag: string): HtmlTag {
  const m = /^<(\/?)([A-Za-z][A-Za-z0-9-]*)/.exec(tag);
  if (!m) throw new Error(`not an HTML tag: ${tag.slice(0, 40)}`);
  const rest = tag.slice(m[0].length).replace(/\s*\/?>$/, "");
  const attributes = [...rest.matchAll(ATTRIBUTE_PARTS)].map((a) => ({
    name: (a[1] as string).toLowerCase(),
    value: a[2] ?? a[3] ?? a[4],
  }));
  return {
    name: (m[2] as string).toLowerCase(),
    closing: m[1] === "/",
    attributes,
  };
}
