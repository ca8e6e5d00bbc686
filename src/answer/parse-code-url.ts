import type { LineRange } from "./line-range.js";

/** A link into the run's repository's code, at whatever ref it named. */
export interface CodeUrl {
  /** The paths the link may name, most likely first: a branch name may hold slashes. */
  paths: string[];
  /** The first segment after the route: a branch, a tag or a SHA (or its first part). */
  ref: string;
  range?: LineRange;
}

// Routes that show a file's content; everything else (issues, pulls, commits,
// compare, actions) is left alone.
const CODE_ROUTES = new Set(["blob", "tree", "blame", "raw", "edit"]);
// A branch may hold slashes (`feature/retry`); try refs up to this many segments.
const MAX_REF_SEGMENTS = 4;

/**
 * Reads a github.com link (or a raw.githubusercontent.com one) that points at
 * a file of `owner/repo`; `undefined` for other repositories, for links that
 * are not code, and for anything that does not parse.
 *
 * @example
 * parseCodeUrl("https://github.com/octo/hello/blob/main/src/a.ts#L3-L9", { owner: "octo", repo: "hello" })
 * // { paths: ["src/a.ts", "a.ts"], ref: "main", range: [3, 9] }
 * parseCodeUrl("https://github.com/octo/hello/issues/4", { owner: "octo", repo: "hello" }) // undefined
 */
export function parseCodeUrl(
  url: string,
  { owner, repo }: { owner: string; repo: string },
): CodeUrl | undefined {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return undefined;
  }
  const host = parsed.hostname.toLowerCase();
  const segments = parsed.pathname.split("/").filter((s) => s !== "");
  let rest: string[];
  if (host === "github.com" || host === "www.github.com") {
    const [o, r, route, ...more] = segments;
    if (!same(o, owner) || !same(r, repo) || !CODE_ROUTES.has(route ?? ""))
      return undefined;
    rest = more;
  } else if (host === "raw.githubusercontent.com") {
    const [o, r, ...more] = segments;
    if (!same(o, owner) || !same(r, repo)) return undefined;
    rest = more;
  } else return undefined;
  if (rest.length < 2) return undefined;

  const decoded = rest.map((s) => {
    try {
      return decodeURIComponent(s);
    } catch {
      return s;
    }
  });
  const isSha = /^[0-9a-f]{40}$/i.test(decoded[0] as string);
  const paths: string[] = [];
  for (let k = 1; k <= (isSha ? 1 : MAX_REF_SEGMENTS); k++) {
    if (k < decoded.length) paths.push(decoded.slice(k).join("/"));
  }
  return { paths, ref: decoded[0] as string, range: lineAnchor(parsed.hash) };
}

/**
 * GitHub's line anchors: `#L12`, `#L12-L20`, and the column form
 * `#L12C3-L20C9` that the "copy permalink" of a selection produces.
 *
 * @example
 * lineAnchor("#L12-L20") // [12, 20]
 * lineAnchor("#readme")  // undefined
 */
export function lineAnchor(hash: string): LineRange | undefined {
  const m = /^#L(\d+)(?:C\d+)?(?:-L?(\d+)(?:C\d+)?)?$/i.exec(hash);
  if (!m) return undefined;
  const a = Number(m[1]);
  return [a, m[2] === undefined ? a : Number(m[2])];
}

function same(a: string | undefined, b: string): boolean {
  return a !== undefined && a.toLowerCase() === b.toLowerCase();
}
