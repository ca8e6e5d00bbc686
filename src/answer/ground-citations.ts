import type { CitationVerdict, VerifyCitation } from "./citation-verdict.js";
import { extractCitations, type Citation } from "./extract-citations.js";
import { formatLines, type LineRange } from "./line-range.js";
import { permalink, type RepositoryAtSha } from "../shared/permalink.js";

/** What grounding did to an answer's citations, for logs and the comment's details. */
export interface GroundingReport {
  /** Citations linked as written (at the run's SHA), by label: `src/upload.ts:9-12`. */
  kept: string[];
  corrected: Array<{ from: string; to: string; why: string }>;
  /** Citations left as plain text: nothing they could mean was shown. */
  removed: Array<{ citation: string; why: string }>;
}

export interface GroundedAnswer {
  markdown: string;
  report: GroundingReport;
}

export interface GroundOptions extends RepositoryAtSha {
  /** Usually `createCitationVerifier(reader, seen)`. */
  verify: VerifyCitation;
}

/**
 * Checks every file reference in the model's Markdown (see
 * `extractCitations`) and rewrites it: a citation that survives becomes a
 * permalink at the run's SHA (a link at `main` included); a corrected one
 * links, and reads, as corrected; a removed one loses its link and keeps its
 * text, so no posted link fails to resolve, marked "(not found at `9fceb02`)"
 * when no such file exists. Links to other repositories and
 * links that are not code are left alone.
 *
 * @example
 * const { markdown, report } = await groundCitations(answer, { owner, repo, sha, verify });
 * // "`src/upload.ts:9`" → "[`src/upload.ts:9`](https://github.com/o/r/blob/<sha>/src/upload.ts#L9)"
 * report.removed // [{ citation: "src/uploader.ts", why: "no file src/uploader.ts at 9fceb02" }]
 */
export async function groundCitations(
  markdown: string,
  options: GroundOptions,
): Promise<GroundedAnswer> {
  const citations = extractCitations(markdown, options);
  const checked = await Promise.all(
    citations.map((c) => verifyCandidates(c, options.verify)),
  );
  const report: GroundingReport = { kept: [], corrected: [], removed: [] };
  const seen = new Set<string>();
  const note = (key: string, add: () => void): void => {
    if (seen.has(key)) return;
    seen.add(key);
    add();
  };
  let out = markdown;
  // Right to left, so earlier offsets stay valid.
  for (let i = citations.length - 1; i >= 0; i--) {
    const c = citations[i] as Citation;
    const { verdict, path } = checked[i] as Checked;
    out =
      out.slice(0, c.start) +
      rewrite(c, path, verdict, options) +
      out.slice(c.end);
  }
  citations.forEach((c, i) => {
    const { verdict: v, path } = checked[i] as Checked;
    const from = label(path, c.range, ":");
    if (v.status === "kept") note(`k ${from}`, () => report.kept.push(from));
    else if (v.status === "corrected") {
      const to = label(v.path, v.range, ":");
      note(`c ${from} ${to}`, () =>
        report.corrected.push({ from, to, why: v.why }),
      );
    } else
      note(`r ${from}`, () =>
        report.removed.push({ citation: from, why: v.why }),
      );
  });
  return { markdown: out, report };
}

interface Checked {
  verdict: CitationVerdict;
  /** The candidate path the verdict is about. */
  path: string;
}

/** A URL's path candidates in order; a later one only when the earlier is no file at all. */
async function verifyCandidates(
  c: Citation,
  verify: VerifyCitation,
): Promise<Checked> {
  let first: Checked | undefined;
  for (const path of c.paths) {
    const verdict = await verify(path, c.range);
    first ??= { verdict, path };
    if (verdict.status !== "removed" || verdict.code !== "missing")
      return { verdict, path };
  }
  return (
    first ?? {
      verdict: { status: "removed", code: "invalid", why: "no path" },
      path: "",
    }
  );
}

function rewrite(
  c: Citation,
  path: string,
  v: CitationVerdict,
  repository: RepositoryAtSha,
): string {
  const cited = label(path, c.range, c.lineStyle);
  if (v.status === "removed") {
    // `[text][label]` then reads as plain text.
    if (c.form === "definition") return "";
    const text =
      c.form === "link"
        ? c.text || code(cited)
        : c.form === "url" || c.form === "autolink"
          ? code(cited)
          : c.raw;
    // A path that does not exist stays named in the prose: say so, or the
    // reader takes it for a file the link was merely dropped from.
    return v.code === "missing"
      ? `${text} (not found at ${code(repository.sha.slice(0, 7))})`
      : text;
  }
  const url = permalink({
    ...repository,
    path: v.path,
    startLine: v.range?.[0],
    endLine: v.range?.[1],
  });
  const fixed = label(v.path, v.range, c.lineStyle);
  const unchanged = v.status === "kept";
  switch (c.form) {
    case "url":
      return url;
    case "autolink":
      return `<${url}>`;
    case "definition":
      return `[${c.text}]: ${url}`;
    case "code":
      return `[${unchanged ? c.raw : code(fixed)}](${url})`;
    case "plain":
      return `[${unchanged ? c.raw : fixed}](${url})`;
    case "link": {
      const title =
        c.title !== undefined ? ` "${c.title.replace(/"/g, "'")}"` : "";
      return `[${linkText(c, path, unchanged ? undefined : v, url)}](${url}${title})`;
    }
  }
}

/** A link's text: rewritten only where it is a URL or merely repeats a corrected citation. */
function linkText(
  c: Citation,
  path: string,
  corrected: { path: string; range?: LineRange } | undefined,
  url: string,
): string {
  const text = c.text ?? "";
  const bare = text.replace(/^`|`$/g, "").trim();
  if (/^https?:\/\//.test(bare)) return url;
  const style = bare.includes("#L") ? "#L" : ":";
  if (!corrected) return bare === "" ? code(label(path, c.range, style)) : text;
  const fixed = label(corrected.path, corrected.range, style);
  if (bare === "") return code(fixed);
  if (bare !== path && bare !== label(path, c.range, style)) return text;
  return text.startsWith("`") ? code(fixed) : fixed;
}

function label(
  path: string,
  range: LineRange | undefined,
  style: ":" | "#L",
): string {
  return `${path}${formatLines(range, style)}`;
}

function code(text: string): string {
  return `\`${text}\``;
}
