import { execFileSync, spawnSync } from "node:child_process";
import { languageNamed } from "../src/text/language-named.js";

/**
 * GitHub's REST code search (`GET /search/code`, text-match media type)
 * answered from a git commit with `git grep`, for the stand-ins: a file is
 * a hit when its text holds every search term as a whole word, any case
 * (GitHub's legacy search matches tokens, ANDed); the `path:`,
 * `extension:`, `filename:` and `language:` qualifiers askcode sends narrow
 * the files, `repo:` and `in:file` are accepted; files of 384 KB or more are
 * not searched (GitHub does not index them). Hits are ranked by how many
 * lines hold a term, then by path (GitHub ranks by a relevance of its own);
 * at most 100 a page and the first 1,000 reachable, as GitHub allows.
 * See https://docs.github.com/en/search-github/searching-on-github/searching-code
 */
export interface GitGrepSearchInput {
  gitDir: string;
  /** The commit searched: the default branch's head, all GitHub indexes. */
  commit: string;
  /** Each file's size in bytes at `commit`. */
  sizes: ReadonlyMap<string, number>;
  q: string;
  page: number;
  perPage: number;
  repository: { full_name: string; html_url: string };
}

export interface CodeSearchAnswer {
  total_count: number;
  incomplete_results: boolean;
  items: Array<{
    name: string;
    path: string;
    sha: string;
    html_url: string;
    repository: { full_name: string; html_url: string };
    score: number;
    text_matches: Array<{
      object_type: "FileContent";
      property: "content";
      fragment: string;
      matches: Array<{ text: string; indices: [number, number] }>;
    }>;
  }>;
}

const MAX_INDEXED_BYTES = 384 * 1024;
const MAX_PER_PAGE = 100;
const MAX_REACHABLE = 1000;

/**
 * Answers one code search, or says why GitHub would refuse it (422).
 *
 * @example
 * searchCodeWithGitGrep({ gitDir, commit, sizes, q: "retryAfter repo:o/r in:file extension:ts", page: 1, perPage: 30, repository })
 * // { total_count: 2, incomplete_results: false, items: [{ path: "src/retry.ts", text_matches: [...] }, …] }
 */
export function searchCodeWithGitGrep(
  input: GitGrepSearchInput,
): CodeSearchAnswer | { invalid: string } {
  const { terms, qualifiers } = parseQuery(input.q);
  if (terms.length === 0)
    return {
      invalid:
        "The search is longer than 256 characters or has no search term.",
    };
  const perPage = Math.min(MAX_PER_PAGE, Math.max(1, input.perPage || 30));
  const page = Math.max(1, Math.floor(input.page) || 1);
  const patterns = terms.flatMap((term) => ["-e", term]);
  const grep = (extra: string[]): string =>
    spawnSync(
      "git",
      [
        "-C",
        input.gitDir,
        "grep",
        "-z",
        "-I",
        "-i",
        "-w",
        "-F",
        ...extra,
        ...patterns,
        input.commit,
        "--",
      ],
      { maxBuffer: 256 * 1024 * 1024, encoding: "utf8" },
    ).stdout ?? "";
  const prefix = `${input.commit}:`;
  const matching = new Set(
    grep(["-l", "--all-match"])
      .split("\0")
      .filter(Boolean)
      .map((line) => line.slice(prefix.length))
      .filter(
        (path) =>
          (input.sizes.get(path) ?? 0) < MAX_INDEXED_BYTES &&
          qualifiers.every((keep) => keep(path)),
      ),
  );
  const lineCounts = new Map<string, number>();
  if (matching.size > 0)
    for (const row of grep(["-c"]).split("\n")) {
      const [where, count] = row.split("\0");
      const path = where?.slice(prefix.length);
      if (path && matching.has(path)) lineCounts.set(path, Number(count));
    }
  const ranked = [...matching].sort(
    (a, b) =>
      (lineCounts.get(b) ?? 0) - (lineCounts.get(a) ?? 0) ||
      (a < b ? -1 : a > b ? 1 : 0),
  );
  const reachable = ranked.slice(0, MAX_REACHABLE);
  const onPage = reachable.slice((page - 1) * perPage, page * perPage);
  return {
    total_count: ranked.length,
    incomplete_results: false,
    items: onPage.map((path) => {
      const text = execFileSync(
        "git",
        ["-C", input.gitDir, "cat-file", "blob", `${input.commit}:${path}`],
        { maxBuffer: 64 * 1024 * 1024 },
      ).toString("utf8");
      const sha = execFileSync("git", [
        "-C",
        input.gitDir,
        "rev-parse",
        `${input.commit}:${path}`,
      ])
        .toString()
        .trim();
      return {
        name: path.split("/").pop() ?? path,
        path,
        sha,
        html_url: `${input.repository.html_url}/blob/${input.commit}/${path}`,
        repository: input.repository,
        score: lineCounts.get(path) ?? 1,
        text_matches: textMatches(text, terms),
      };
    }),
  };
}

// The query's search terms, and a test per qualifier a file's path must pass.
function parseQuery(q: string): {
  terms: string[];
  qualifiers: Array<(path: string) => boolean>;
} {
  const words = q.match(/[^\s"]+:"[^"]*"|"[^"]*"|\S+/g) ?? [];
  const terms: string[] = [];
  const qualifiers: Array<(path: string) => boolean> = [];
  for (const word of words) {
    const qualifier = word.match(
      /^(repo|in|path|language|extension|filename):(.*)$/i,
    );
    if (!qualifier) {
      const term = word.replace(/"/g, "").trim();
      if (term) terms.push(term);
      continue;
    }
    const name = qualifier[1]!.toLowerCase();
    const value = qualifier[2]!.replace(/"/g, "");
    const base = (path: string) => path.split("/").pop() ?? path;
    if (name === "path") {
      const prefix = value.replace(/^\/+|\/+$/g, "");
      qualifiers.push(
        (path) =>
          prefix === "" || path === prefix || path.startsWith(`${prefix}/`),
      );
    } else if (name === "extension") {
      const extension = value.replace(/^\./, "").toLowerCase();
      qualifiers.push((path) =>
        base(path).toLowerCase().endsWith(`.${extension}`),
      );
    } else if (name === "filename") {
      qualifiers.push(
        (path) => base(path).toLowerCase() === value.toLowerCase(),
      );
    } else if (name === "language") {
      const language = languageNamed(value);
      qualifiers.push((path) => language?.matches(path) ?? false);
    }
  }
  return { terms, qualifiers };
}

// Up to two fragments, as GitHub sends: a matching line and its neighbours, each term's places in it.
function textMatches(text: string, terms: readonly string[]) {
  const lines = text.split("\n");
  const words = terms.map(
    (t) =>
      new RegExp(
        `(?<![A-Za-z0-9_])${t.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}(?![A-Za-z0-9_])`,
        "gi",
      ),
  );
  const out: CodeSearchAnswer["items"][number]["text_matches"] = [];
  for (let i = 0; i < lines.length && out.length < 2; i++) {
    if (!words.some((w) => new RegExp(w.source, "i").test(lines[i]!))) continue;
    const fragment = lines.slice(Math.max(0, i - 1), i + 2).join("\n");
    const matches = words.flatMap((w) =>
      [...fragment.matchAll(new RegExp(w.source, "gi"))].map((m) => ({
        text: m[0],
        indices: [m.index, m.index + m[0].length] as [number, number],
      })),
    );
    out.push({
      object_type: "FileContent",
      property: "content",
      fragment,
      matches,
    });
    i += 2;
  }
  return out;
}
