import { findProseSpans } from "../text/find-prose-spans.js";
import type { LineRange } from "./line-range.js";
import { parseCodeUrl, type CodeUrl } from "./parse-code-url.js";
import { looksLikeFile } from "./path-like.js";
import type { RepositoryOnWeb } from "../shared/permalink.js";

/**
 * How a citation is written, which decides how it is written back:
 * - `url`: a bare link to the repository's code (`autolink` when in angle brackets);
 * - `link`: a Markdown link whose target is such a link or a repository path;
 * - `code`: a code span holding a path (`` `src/a.ts:12` ``);
 * - `plain`: a path with a line number in prose (`src/a.ts:12`, `a.ts#L3-L9`);
 * - `definition`: a reference definition (`[1]: src/a.ts#L3`), the whole line.
 */
export type CitationForm =
  "url" | "autolink" | "link" | "code" | "plain" | "definition";

/** One reference to a file of the repository, found in the model's Markdown. */
export interface Citation {
  form: CitationForm;
  /** Where it is: `markdown.slice(start, end)` is `raw`. */
  start: number;
  end: number;
  raw: string;
  /** The repository paths it may name, most likely first (a URL's branch may hold slashes). */
  paths: string[];
  range?: LineRange;
  /** How lines were written (`:12-20` or `#L12-L20`), to write a correction the same way. */
  lineStyle: ":" | "#L";
  /** A link's text and title (`link`), or a definition's label. */
  text?: string;
  title?: string;
  /** The ref a link to the repository's code named. */
  ref?: string;
}

const PATH = String.raw`\.?\/?(?:[\w.@+-]+\/)*[\w@+-][\w.@+-]*`;
const LINES = String.raw`(?::(\d+)(?:[-–](\d+))?(?::\d+)?|#L(\d+)(?:-L?(\d+))?)`;
// The whole of a code span that cites a file: `src/a.ts`, `a.ts:12-20`, `a.ts#L3`.
const CODE_PATH = new RegExp(String.raw`^(${PATH})${LINES}?$`);
// A path with a line number in prose; not inside a longer path or a word.
const PLAIN = new RegExp(
  String.raw`(?<![\w/.@-])(${PATH}\.[A-Za-z]\w*)${LINES}(?!\w)`,
  "g",
);
const SCHEME = /^[a-z][a-z0-9+.-]*:/i;

/**
 * Finds every reference to a file of `owner/repo` in Markdown, outside code
 * blocks: links to its code on its web host (at any ref; other repositories' links
 * and links that are not code are not citations), Markdown links whose target
 * is a repository path, code spans that hold a path, and paths with line
 * numbers in prose.
 *
 * @example
 * extractCitations("See `src/retry.ts:12` and [the loop](src/run.ts#L3-L9).", { owner: "o", repo: "r" })
 * // [{ form: "code", paths: ["src/retry.ts"], range: [12, 12], … },
 * //  { form: "link", paths: ["src/run.ts"], range: [3, 9], text: "the loop", … }]
 */
export function extractCitations(
  markdown: string,
  repository: RepositoryOnWeb,
): Citation[] {
  const found: Citation[] = [];
  for (const span of findProseSpans(markdown)) {
    const base = {
      start: span.start,
      end: span.start + span.raw.length,
      raw: span.raw,
    };
    switch (span.kind) {
      case "url":
      case "autolink": {
        const code = parseCodeUrl(span.url, repository);
        if (code) found.push({ ...base, form: span.kind, ...fromUrl(code) });
        break;
      }
      case "link": {
        const target = linkTarget(span.url, repository);
        if (target)
          found.push({
            ...base,
            form: "link",
            ...target,
            text: span.text,
            ...(span.title !== undefined && { title: span.title }),
          });
        break;
      }
      case "definition": {
        const target = linkTarget(span.url, repository);
        if (target)
          found.push({
            ...base,
            form: "definition",
            ...target,
            text: span.label,
          });
        break;
      }
      case "code": {
        const m = CODE_PATH.exec(span.text.trim());
        if (!m) break;
        const path = m[1] as string;
        const range = lines(m);
        if (!looksLikeFile(path, range !== undefined || path.includes("/")))
          break;
        found.push({
          ...base,
          form: "code",
          paths: [path],
          range,
          lineStyle: style(m),
        });
        break;
      }
      case "text":
        for (const m of span.raw.matchAll(PLAIN)) {
          const path = m[1] as string;
          if (!looksLikeFile(path, path.includes("/"))) continue;
          const start = span.start + (m.index ?? 0);
          found.push({
            form: "plain",
            start,
            end: start + m[0].length,
            raw: m[0],
            paths: [path],
            range: lines(m),
            lineStyle: style(m),
          });
        }
        break;
    }
  }
  return found;
}

/** A link target that names this repository's code: a link on its web host or a relative path. */
function linkTarget(
  url: string,
  repository: RepositoryOnWeb,
): Pick<Citation, "paths" | "range" | "ref" | "lineStyle"> | undefined {
  if (/^https?:\/\//i.test(url)) {
    const code = parseCodeUrl(url, repository);
    return code && fromUrl(code);
  }
  if (SCHEME.test(url) || url.startsWith("#") || url.startsWith("//"))
    return undefined;
  let decoded = url;
  try {
    decoded = decodeURI(url);
  } catch {
    // keep it as written
  }
  const m = new RegExp(String.raw`^(${PATH})${LINES}?$`).exec(decoded);
  if (!m) return undefined;
  return { paths: [m[1] as string], range: lines(m), lineStyle: style(m) };
}

function fromUrl(
  code: CodeUrl,
): Pick<Citation, "paths" | "range" | "ref" | "lineStyle"> {
  return {
    paths: code.paths,
    range: code.range,
    ref: code.ref,
    lineStyle: "#L",
  };
}

function lines(m: RegExpMatchArray): LineRange | undefined {
  const a = m[2] ?? m[4];
  if (a === undefined) return undefined;
  const b = m[3] ?? m[5] ?? a;
  return [Number(a), Number(b)];
}

function style(m: RegExpMatchArray): ":" | "#L" {
  return m[4] !== undefined ? "#L" : ":";
}
