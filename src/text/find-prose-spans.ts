/**
 * A piece of Markdown outside code blocks, as far as citations care: a code
 * span, a link, a bare or angle-bracketed URL, or plain text between them.
 * `start` is the offset of `raw` in the whole Markdown.
 */
export type ProseSpan =
  | { kind: "text"; start: number; raw: string }
  | { kind: "code"; start: number; raw: string; text: string }
  | {
      kind: "link";
      start: number;
      raw: string;
      text: string;
      url: string;
      title?: string;
    }
  | { kind: "url" | "autolink"; start: number; raw: string; url: string }
  /** A reference definition, `[label]: url`: `raw` is the whole line. */
  | {
      kind: "definition";
      start: number;
      raw: string;
      label: string;
      url: string;
    };

// Fences may sit in list items and quotes, so any indentation and `>` count.
const FENCE = /^[ \t>]*(`{3,}|~{3,})(.*)$/;
// `[1]: https://…` or `[retry]: src/retry.ts "title"`, for `[text][1]` links.
const DEFINITION =
  /^ {0,3}\[([^\]\n]+)\]:[ \t]*<?([^\s>]+)>?(?:[ \t]+(?:"[^"]*"|'[^']*'|\([^)]*\)))?[ \t]*$/;
const INLINE = new RegExp(
  [
    String.raw`(?<code>(?<ticks>\x60+)(?<codeText>[^\x60\n]*?[^\x60\n])\k<ticks>(?!\x60))`,
    String.raw`(?<image>!\[(?:[^\[\]\n]|\[[^\[\]\n]*\])*\]\([^)\n]*\))`,
    String.raw`(?<link>\[(?<linkText>(?:[^\[\]\n]|\[[^\[\]\n]*\])*)\]\(\s*(?<linkUrl><[^>\n]*>|[^\s)]+)(?:\s+(?<linkTitle>"[^"\n]*"|'[^'\n]*'))?\s*\))`,
    String.raw`(?<autolink><(?<autoUrl>https?:\/\/[^>\s]+)>)`,
    String.raw`(?<url>https?:\/\/[^\s<>()\[\]\x60"']+)`,
  ].join("|"),
  "g",
);
// Sentence punctuation after a bare URL is not part of it (GitHub's autolinker agrees).
const TRAILING = /[.,;:!?*_~]+$/;

/**
 * Splits Markdown into the spans citations are looked for in, skipping fenced
 * code blocks (code the model quotes is not a reference) and images.
 *
 * @example
 * [...findProseSpans("See [a](src/a.ts) and `b.ts`.")].map((s) => s.kind)
 * // ["text", "link", "text", "code", "text"]
 */
export function* findProseSpans(markdown: string): Generator<ProseSpan> {
  let fence: { char: string; length: number } | undefined;
  let offset = 0;
  for (const line of markdown.split("\n")) {
    const start = offset;
    offset += line.length + 1;
    const f = FENCE.exec(line);
    if (fence) {
      const run = f?.[1];
      if (
        run &&
        run[0] === fence.char &&
        run.length >= fence.length &&
        f[2]?.trim() === ""
      )
        fence = undefined;
      continue;
    }
    if (f?.[1] && !(f[1][0] === "`" && f[2]?.includes("`"))) {
      fence = { char: f[1][0] as string, length: f[1].length };
      continue;
    }
    const d = DEFINITION.exec(line);
    if (d) {
      const [raw, label = "", url = ""] = d;
      yield { kind: "definition", start, raw, label, url };
    } else yield* inlineSpans(line, start);
  }
}

function* inlineSpans(line: string, lineStart: number): Generator<ProseSpan> {
  let last = 0;
  // One regex per line: its lastIndex is this generator's alone.
  const inline = new RegExp(INLINE);
  for (let m = inline.exec(line); m; m = inline.exec(line)) {
    const g = m.groups ?? {};
    let raw = m[0];
    if (g.url !== undefined) {
      raw = raw.replace(TRAILING, "");
      inline.lastIndex = m.index + raw.length;
    }
    if (m.index > last)
      yield {
        kind: "text",
        start: lineStart + last,
        raw: line.slice(last, m.index),
      };
    const start = lineStart + m.index;
    if (g.code !== undefined)
      yield { kind: "code", start, raw, text: g.codeText ?? "" };
    else if (g.link !== undefined) {
      const url = (g.linkUrl ?? "").replace(/^<|>$/g, "");
      const title = g.linkTitle?.slice(1, -1);
      yield {
        kind: "link",
        start,
        raw,
        text: g.linkText ?? "",
        url,
        ...(title !== undefined && { title }),
      };
    } else if (g.autolink !== undefined)
      yield { kind: "autolink", start, raw, url: g.autoUrl ?? "" };
    else if (g.url !== undefined) yield { kind: "url", start, raw, url: raw };
    // Images are neither citations nor text to search.
    last = m.index + raw.length;
  }
  if (last < line.length)
    yield { kind: "text", start: lineStart + last, raw: line.slice(last) };
}
