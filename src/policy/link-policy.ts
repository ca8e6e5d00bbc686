import { repositoryWebUrl, type RepositoryAtSha } from "../shared/permalink.js";

/** Where a posted answer may point. */
export interface LinkPolicy {
  /** Whether a link (`[t](url)`, `<url>`, a bare URL, `<a href>`) to `url` may be posted. */
  allowsLink(url: string): boolean;
  /** Whether an image (`![alt](url)`, `<img src>`) at `url` may be posted. */
  allowsImage(url: string): boolean;
}

export interface LinkPolicyInput {
  /** The run's repository and commit: what the answer is about. */
  repository: RepositoryAtSha;
  /**
   * Further hosts links may go to (the operator's ASKCODE_ALLOWED_LINK_HOSTS):
   * `docs.example.com`, or `*.example.com` for its subdomains.
   */
  allowedHosts?: readonly string[];
}

// Routes that show the repository at one commit: its files, and the commit itself.
const FILE_ROUTES = new Set(["blob", "tree", "blame", "raw"]);
const IMAGE_ROUTES = new Set(["blob", "raw"]);

/**
 * What an answer may link to and show. A posted image loads for everyone who
 * opens the issue, and a link is one click from sending what its address
 * holds, so a prompt-injected model could use either to send data out:
 *
 * - links: the run's repository at the run's commit (files, lines, the
 *   commit), on its own web host (github.com or a GitHub Enterprise
 *   Server's), plus the operator's hosts; a `#fragment` of the page itself;
 * - images: the repository's own files at the run's commit, and nothing else.
 *
 * The repository at another ref (a branch, an issue, a pull request) is not
 * allowed: grounding has already pinned every link to its code that it could
 * check (`groundCitations`), and what is left was not checked. Addresses are
 * read as a browser reads them (WHATWG URL), so `https://github.com@evil.test/`
 * or `/blob/<sha>/../../other/repo` are judged by where they really go.
 *
 * @example
 * const policy = createLinkPolicy({ repository: { owner: "o", repo: "r", sha }, allowedHosts: ["docs.python.org"] });
 * policy.allowsLink(`https://github.com/o/r/blob/${sha}/a.ts#L3`) // true
 * policy.allowsLink("https://github.com/o/r/blob/main/a.ts")      // false
 * policy.allowsLink("https://docs.python.org/3/")                // true
 * policy.allowsImage("https://docs.python.org/logo.png")         // false
 */
export function createLinkPolicy(input: LinkPolicyInput): LinkPolicy {
  const { repository } = input;
  const page = new URL(repositoryWebUrl(repository));
  const prefix = segments(page);
  const onGitHubCom = page.hostname.toLowerCase() === "github.com";
  const hosts = (input.allowedHosts ?? []).map((h) => h.toLowerCase());

  /** The route and the rest of the path, when `url` is the repository at the run's commit. */
  const atCommit = (url: URL): string | undefined => {
    const host = url.hostname.toLowerCase();
    const path = segments(url);
    let rest: string[] | undefined;
    if (
      (host === page.hostname.toLowerCase() ||
        (onGitHubCom && host === "www.github.com")) &&
      url.port === page.port &&
      prefix.every((s, i) => same(path[i], s))
    )
      rest = path.slice(prefix.length);
    else if (
      onGitHubCom &&
      host === "raw.githubusercontent.com" &&
      same(path[0], repository.owner) &&
      same(path[1], repository.repo)
    )
      rest = ["raw", ...path.slice(2)];
    if (!rest) return undefined;
    const [route, ref] = rest;
    if (!same(ref, repository.sha)) return undefined;
    if (route === "commit" && rest.length === 2) return route;
    return FILE_ROUTES.has(route ?? "") ? route : undefined;
  };

  return {
    allowsLink(url) {
      if (/^#[^\s]*$/.test(url)) return true;
      const parsed = absolute(url);
      if (!parsed) return false;
      if (atCommit(parsed)) return true;
      const host = parsed.hostname.toLowerCase();
      return hosts.some((allowed) =>
        allowed.startsWith("*.")
          ? host.endsWith(allowed.slice(1))
          : host === allowed,
      );
    },
    allowsImage(url) {
      const parsed = absolute(url);
      return !!parsed && IMAGE_ROUTES.has(atCommit(parsed) ?? "");
    },
  };
}

/** An absolute http(s) URL with no credentials in it; anything else (relative, `javascript:`, `data:`) is undefined. */
function absolute(url: string): URL | undefined {
  if (!/^https?:\/\//i.test(url.trim())) return undefined;
  let parsed: URL;
  try {
    parsed = new URL(url.trim());
  } catch {
    return undefined;
  }
  if (parsed.username || parsed.password) return undefined;
  return parsed;
}

function segments(url: URL): string[] {
  return url.pathname.split("/").filter((s) => s !== "");
}

function same(a: string | undefined, b: string): boolean {
  return a !== undefined && a.toLowerCase() === b.toLowerCase();
}
