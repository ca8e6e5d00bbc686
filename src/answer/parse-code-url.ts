import type { LineRange } from "./line-range.js";
import { repositoryWebUrl, type RepositoryOnWeb } from "../shared/permalink.js";

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
 * Reads a link that points at a file of the repository, on its web host
 * (`repository.htmlUrl`: github.com, or a GitHub Enterprise Server's), or a
 * raw.githubusercontent.com one for a github.com repository; `undefined` for
 * other repositories and hosts, for links that are not code, and for
 * anything that does not parse.
 *
 * @example
 * parseCodeUrl("https://github.com/octo/hello/blob/main/src/a.ts#L3-L9", { owner: "octo", repo: "hello" })
 * // { paths: ["src/a.ts", "a.ts"], ref: "main", range: [3, 9] }
 * parseCodeUrl("https://ghe.example.com/octo/hello/blob/main/a.ts", { owner: "octo", repo: "hello", htmlUrl: "https://ghe.example.com/octo/hello" })
 * // { paths: ["a.ts"], ref: "main", range: undefined }
 * parseCodeUrl("https://github.com/octo/hello/issues/4", { owner: "octo", repo: "hello" }) // undefined
 */
export function parseCodeUrl(
  url: string,
  repository: RepositoryOnWeb,
): CodeUrl | undefined {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return undefined;
  }
  const rest = refAndPath(parsed, repository);
  if (!rest || rest.length < 2) return undefined;

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
 * The segments after the route (`<ref>/<path…>`) of a link to the
 * repository's code: `<repository page>/blob/…` on its web host (either
 * scheme: a model may write https for an http server), or
 * `raw.githubusercontent.com/<owner>/<repo>/…` when that host is github.com.
 */
function refAndPath(
  link: URL,
  repository: RepositoryOnWeb,
): string[] | undefined {
  const page = new URL(repositoryWebUrl(repository));
  const pageHost = page.hostname.toLowerCase();
  const host = link.hostname.toLowerCase();
  const segments = pathSegments(link);
  const onGitHubCom = pageHost === "github.com";
  if (
    (host === pageHost || (onGitHubCom && host === "www.github.com")) &&
    link.port === page.port
  ) {
    const prefix = pathSegments(page);
    if (!prefix.every((segment, i) => same(segments[i], segment)))
      return undefined;
    const [route, ...more] = segments.slice(prefix.length);
    return CODE_ROUTES.has(route ?? "") ? more : undefined;
  }
  if (onGitHubCom && host === "raw.githubusercontent.com") {
    const [o, r, ...more] = segments;
    return same(o, repository.owner) && same(r, repository.repo)
      ? more
      : undefined;
  }
  return undefined;
}

function pathSegments(url: URL): string[] {
  return url.pathname.split("/").filter((s) => s !== "");
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
