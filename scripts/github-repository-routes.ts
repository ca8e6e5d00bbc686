import { execFileSync, spawn } from "node:child_process";
import type { ServerResponse } from "node:http";
import type { Clock } from "../src/shared/clock.js";
import {
  createCodeSearchLimit,
  type CodeSearchServed,
} from "./code-search-limit.js";
import { compareWithGit } from "./git-compare.js";
import { commitFilesWithGit, listCommitsWithGit } from "./git-commits.js";
import { searchCodeWithGitGrep } from "./git-grep-code-search.js";
import type { Route } from "./route-server.js";

/**
 * The repository routes of a GitHub stand-in over one local git repository,
 * answered at ANY commit it holds, the way GitHub's REST API (under
 * `/api/v3`, as GitHub Enterprise Server serves it) and codeload do:
 * `GET /repos/{o}/{r}`, `commits` (listed back from `sha`), `commits/{ref}`
 * (with the commit's files), `git/trees/{sha}` (with GitHub's
 * truncation rule), `git/blobs/{sha}`, `contents/{path}?ref=`,
 * `tarball/{ref}` → 302 → `/_codeload/…`, `compare/{base}...{head}`, and
 * `GET /search/code` under
 * GitHub's 10-a-minute limit. Code search answers for the default branch's
 * head only, as GitHub's index does: `defaultHead()` names that commit.
 * Used by the smoke stand-in (HEAD) and the SWE-bench harness's github mode.
 */
export interface RepositoryRoutesOptions {
  gitDir: string;
  owner: string;
  repo: string;
  /** The commit the default branch ("main") points at: what `GET /repos/…` sizes and code search reads. */
  defaultHead: () => string;
  /** The stand-in's origin, for the URLs in responses. */
  origin: () => string;
  clock: Clock;
  /** Code searches per rolling minute per installation token (GitHub's 10). */
  codeSearchesPerMinute?: number;
  /** "git-grep": real results at the default head; "none": every search finds nothing (a real GitHub answer). */
  codeSearch?: "git-grep" | "none";
  /** GitHub's truncation of a recursive tree: at most this many entries… */
  treeMaxEntries?: number;
  /** …and a response of at most this many bytes. */
  treeMaxBytes?: number;
  /** The `x-github-request-id` of the next response. */
  requestId?: () => string;
}

export interface RepositoryRoutes {
  routes: Route[];
  /** Every `GET /search/code`, served or refused for the limit. */
  codeSearches: CodeSearchServed[];
  /** Every blob of a commit's tree (`git ls-tree -r -l`), cached per commit. */
  treeAt(commit: string): TreeEntry[];
  /** Writes a JSON answer with the core rate-limit headers (or `headers`). */
  json(
    res: ServerResponse,
    status: number,
    body: unknown,
    headers?: Record<string, string>,
  ): void;
  notFound(res: ServerResponse): void;
}

export interface TreeEntry {
  mode: string;
  type: "blob" | "tree" | "commit";
  sha: string;
  /** Bytes; absent for trees and submodules, as GitHub leaves it out. */
  size?: number;
  path: string;
}

/** GitHub's limits on a recursive tree: https://docs.github.com/en/rest/git/trees#get-a-tree */
export const TREE_MAX_ENTRIES = 100_000;
export const TREE_MAX_BYTES = 7 * 1024 * 1024;
/** The contents API sends files up to 1 MB inline; larger ones with `encoding: "none"`. */
const CONTENTS_INLINE_MAX = 1024 * 1024;

/**
 * Builds the repository routes (see `RepositoryRoutesOptions`).
 *
 * @example
 * const repository = createRepositoryRoutes({ gitDir, owner: "octo-org", repo: "hello-world", defaultHead: () => sha, origin: () => server.origin, clock: systemClock });
 * await startRouteServer({ routes: () => repository.routes });
 */
export function createRepositoryRoutes(
  options: RepositoryRoutesOptions,
): RepositoryRoutes {
  const { owner, repo, clock } = options;
  const fullName = `${owner}/${repo}`;
  const git = (args: string[]): Buffer =>
    execFileSync("git", ["-C", options.gitDir, ...args], {
      maxBuffer: 1024 * 1024 * 1024,
      stdio: ["ignore", "pipe", "ignore"],
    });
  const searchLimit = createCodeSearchLimit({
    clock,
    perMinute: options.codeSearchesPerMinute,
  });
  const requestId = options.requestId ?? (() => "STANDIN:0");
  const api = `/api/v3/repos/${escape(owner)}/${escape(repo)}`;

  const json: RepositoryRoutes["json"] = (res, status, body, headers) => {
    res.writeHead(status, {
      "content-type": "application/json; charset=utf-8",
      "x-github-request-id": requestId(),
      ...(headers ?? {
        "x-ratelimit-limit": "5000",
        "x-ratelimit-remaining": "4999",
        "x-ratelimit-reset": String(Math.floor(clock.now() / 1000) + 3600),
        "x-ratelimit-resource": "core",
      }),
    });
    res.end(JSON.stringify(body));
  };
  const notFound = (res: ServerResponse) =>
    json(res, 404, {
      message: "Not Found",
      documentation_url: "https://docs.github.com/rest",
      status: "404",
    });

  // A ref as GitHub resolves it: the default branch by name, else any commit-ish the repository has.
  const resolveCommit = (ref: string): string | undefined => {
    if (ref === "main" || ref === "HEAD") return options.defaultHead();
    try {
      return git(["rev-parse", "--verify", "--quiet", `${ref}^{commit}`])
        .toString()
        .trim();
    } catch {
      return undefined;
    }
  };
  const trees = new Map<string, TreeEntry[]>();
  const listTree = (treeish: string, recursive: boolean): TreeEntry[] => {
    const key = `${treeish}:${recursive}`;
    let entries = trees.get(key);
    if (!entries) {
      entries = parseLsTree(
        git([
          "ls-tree",
          "-l",
          "-z",
          "--full-tree",
          ...(recursive ? ["-r", "-t"] : []),
          treeish,
        ]).toString("utf8"),
      );
      // Keep the last few commits' listings: a question reads its tree more than once.
      if (trees.size >= 8) trees.delete(trees.keys().next().value as string);
      trees.set(key, entries);
    }
    return entries;
  };
  const treeAt = (commit: string) =>
    listTree(commit, true).filter((e) => e.type === "blob");
  const objectType = (sha: string): string | undefined => {
    try {
      return git(["cat-file", "-t", sha]).toString().trim();
    } catch {
      return undefined;
    }
  };
  const contentEntry = (entry: TreeEntry, commit: string) => ({
    type: entry.type === "tree" ? "dir" : "file",
    name: entry.path.split("/").pop(),
    path: entry.path,
    sha: entry.sha,
    size: entry.size ?? 0,
    url: `${options.origin()}/api/v3/repos/${fullName}/contents/${entry.path}?ref=${commit}`,
    html_url: `${options.origin()}/${fullName}/blob/${commit}/${entry.path}`,
    git_url: `${options.origin()}/api/v3/repos/${fullName}/git/blobs/${entry.sha}`,
    download_url: null,
  });
  const prefixFor = (sha: string) => `${owner}-${repo}-${sha.slice(0, 7)}/`;

  const routes: Route[] = [
    {
      method: "GET",
      pattern: new RegExp(`^${api}$`),
      name: "repository",
      handle: (_req, res) =>
        json(res, 200, {
          id: 1296269,
          name: repo,
          full_name: fullName,
          private: false,
          owner: { login: owner, id: 1, type: "Organization" },
          html_url: `${options.origin()}/${fullName}`,
          default_branch: "main",
          size: Math.ceil(
            treeAt(options.defaultHead()).reduce(
              (sum, e) => sum + (e.size ?? 0),
              0,
            ) / 1024,
          ),
        }),
    },
    {
      method: "GET",
      pattern: new RegExp(`^${api}/commits$`),
      name: "commits list",
      handle: (_req, res, _m, url) => {
        const sha = resolveCommit(url.searchParams.get("sha") ?? "main");
        if (!sha) return notFound(res);
        json(
          res,
          200,
          listCommitsWithGit(
            git,
            sha,
            Number(url.searchParams.get("per_page") ?? 30),
          ),
        );
      },
    },
    {
      method: "GET",
      pattern: new RegExp(`^${api}/commits/(.+)$`),
      name: "commits",
      handle: (req, res, m, url) => {
        const ref = decodeURIComponent(m[1]!);
        const sha = resolveCommit(ref);
        if (!sha)
          return json(res, 422, {
            message: `No commit found for SHA: ${ref}`,
            documentation_url:
              "https://docs.github.com/rest/commits/commits#get-a-commit",
            status: "422",
          });
        if (String(req.headers.accept).includes("sha")) {
          res.writeHead(200, {
            "content-type": "text/plain",
            etag: `"${sha}"`,
          });
          res.end(sha);
          return;
        }
        const tree = git(["rev-parse", `${sha}^{tree}`])
          .toString()
          .trim();
        json(res, 200, {
          sha,
          commit: { tree: { sha: tree } },
          files: commitFilesWithGit(
            git,
            sha,
            Number(url.searchParams.get("per_page") ?? 300),
          ),
        });
      },
    },
    {
      method: "GET",
      pattern: new RegExp(`^${api}/compare/([^/]+)\\.\\.\\.([^/]+)$`),
      name: "compare",
      handle: (_req, res, m) => {
        const base = resolveCommit(decodeURIComponent(m[1]!));
        const head = resolveCommit(decodeURIComponent(m[2]!));
        if (!base || !head) return notFound(res);
        json(res, 200, compareWithGit(git, base, head));
      },
    },
    {
      method: "GET",
      pattern: new RegExp(`^${api}/git/trees/(.+)$`),
      name: "git/trees",
      handle: (_req, res, m, url) => {
        const ref = decodeURIComponent(m[1]!);
        const type = objectType(ref);
        const resolved =
          type === "tree" || type === "commit" ? ref : resolveCommit(ref);
        if (!resolved) return notFound(res);
        const sha = git(["rev-parse", `${resolved}^{tree}`])
          .toString()
          .trim();
        const recursive = url.searchParams.has("recursive");
        const body = truncatedTree(
          listTree(resolved, recursive).map((entry) => ({
            path: entry.path,
            mode: entry.mode,
            type: entry.type,
            sha: entry.sha,
            ...(entry.size === undefined ? {} : { size: entry.size }),
            url: `${options.origin()}/api/v3/repos/${fullName}/git/${entry.type === "tree" ? "trees" : "blobs"}/${entry.sha}`,
          })),
          {
            sha,
            url: `${options.origin()}/api/v3/repos/${fullName}/git/trees/${sha}`,
          },
          options.treeMaxEntries ?? TREE_MAX_ENTRIES,
          options.treeMaxBytes ?? TREE_MAX_BYTES,
        );
        json(res, 200, body);
      },
    },
    {
      method: "GET",
      pattern: new RegExp(`^${api}/git/blobs/([0-9a-f]{40})$`),
      name: "git/blobs",
      handle: (req, res, m) => {
        const sha = m[1]!;
        if (objectType(sha) !== "blob") return notFound(res);
        const bytes = git(["cat-file", "blob", sha]);
        if (String(req.headers.accept).includes("raw")) {
          res.writeHead(200, { "content-type": "application/octet-stream" });
          res.end(bytes);
          return;
        }
        json(res, 200, {
          sha,
          node_id: `B_${sha}`,
          size: bytes.length,
          url: `${options.origin()}/api/v3/repos/${fullName}/git/blobs/${sha}`,
          // GitHub wraps the base64 at 60 characters.
          content: (bytes.toString("base64").match(/.{1,60}/g) ?? []).join(
            "\n",
          ),
          encoding: "base64",
        });
      },
    },
    {
      method: "GET",
      pattern: new RegExp(`^${api}/contents/(.*)$`),
      name: "contents",
      handle: (req, res, m, url) => {
        const path = decodeURIComponent(m[1] ?? "").replace(/\/+$/, "");
        const commit = resolveCommit(url.searchParams.get("ref") ?? "main");
        if (!commit) return notFound(res);
        const entry =
          path === ""
            ? { mode: "040000", type: "tree" as const, sha: "", path: "" }
            : entryAt(commit, path);
        if (!entry) return notFound(res);
        if (entry.type === "tree")
          return json(
            res,
            200,
            listTree(`${commit}:${path}`, false).map((e) =>
              contentEntry(
                { ...e, path: path ? `${path}/${e.path}` : e.path },
                commit,
              ),
            ),
          );
        const bytes = git(["cat-file", "blob", entry.sha]);
        if (String(req.headers.accept).includes("raw")) {
          res.writeHead(200, { "content-type": "application/octet-stream" });
          res.end(bytes);
          return;
        }
        const inline = bytes.length <= CONTENTS_INLINE_MAX;
        json(res, 200, {
          ...contentEntry(entry, commit),
          encoding: inline ? "base64" : "none",
          content: inline ? bytes.toString("base64") : "",
        });
      },
    },
    {
      method: "GET",
      pattern: new RegExp(`^${api}/tarball/(.+)$`),
      name: "tarball",
      handle: (_req, res, m) => {
        const sha = resolveCommit(decodeURIComponent(m[1]!));
        if (!sha) return notFound(res);
        res.writeHead(302, {
          location: `${options.origin()}/_codeload/${fullName}/legacy.tar.gz/${sha}`,
        });
        res.end();
      },
    },
    {
      method: "GET",
      pattern: /^\/_codeload\/[^/]+\/[^/]+\/legacy\.tar\.gz\/([0-9a-f]{40})$/,
      name: "codeload",
      handle: (_req, res, m) =>
        new Promise<void>((resolve) => {
          const sha = m[1]!;
          // Streamed as codeload does: a large repository's archive is never held whole.
          const archive = spawn(
            "git",
            [
              "-C",
              options.gitDir,
              "archive",
              "--format=tar.gz",
              `--prefix=${prefixFor(sha)}`,
              sha,
            ],
            { stdio: ["ignore", "pipe", "ignore"] },
          );
          res.writeHead(200, { "content-type": "application/x-gzip" });
          archive.stdout.on("data", (chunk: Buffer) => {
            if (!res.write(chunk)) {
              archive.stdout.pause();
              res.once("drain", () => archive.stdout.resume());
            }
          });
          archive.on("close", () => {
            res.end();
            resolve();
          });
          res.on("close", () => archive.kill());
        }),
    },
    {
      method: "GET",
      pattern: /^\/api\/v3\/search\/code$/,
      name: "search/code",
      handle: (req, res, _m, url) => {
        const token = String(req.headers.authorization ?? "").replace(
          /^(token|bearer) /i,
          "",
        );
        const verdict = searchLimit.admit(token);
        if (verdict.status === 403) {
          const installation = token.match(/^ghs_standIn0*(\d+)$/)?.[1];
          return json(
            res,
            403,
            {
              message: `API rate limit exceeded for installation ID ${installation ?? "0"}. If you reach out to GitHub Support for help, please include the request ID ${requestId()}.`,
              documentation_url:
                "https://docs.github.com/rest/overview/rate-limits-for-the-rest-api",
              status: "403",
            },
            verdict.headers,
          );
        }
        if (options.codeSearch !== "git-grep")
          return json(
            res,
            200,
            { total_count: 0, incomplete_results: false, items: [] },
            verdict.headers,
          );
        const answer = searchCodeWithGitGrep({
          gitDir: options.gitDir,
          commit: options.defaultHead(),
          sizes: new Map(
            treeAt(options.defaultHead()).map((e) => [e.path, e.size ?? 0]),
          ),
          q: url.searchParams.get("q") ?? "",
          page: Number(url.searchParams.get("page") ?? 1),
          perPage: Number(url.searchParams.get("per_page") ?? 30),
          repository: {
            full_name: fullName,
            html_url: `${options.origin()}/${fullName}`,
          },
        });
        if ("invalid" in answer)
          return json(
            res,
            422,
            {
              message: "Validation Failed",
              errors: [
                {
                  message: answer.invalid,
                  resource: "Search",
                  field: "q",
                  code: "invalid",
                },
              ],
              documentation_url:
                "https://docs.github.com/v3/search/#search-code",
              status: "422",
            },
            verdict.headers,
          );
        json(res, 200, answer, verdict.headers);
      },
    },
  ];

  function entryAt(commit: string, path: string): TreeEntry | undefined {
    const listed = parseLsTree(
      git(["ls-tree", "-l", "-z", "--full-tree", commit, "--", path]).toString(
        "utf8",
      ),
    );
    return listed.find((e) => e.path === path);
  }

  return {
    routes,
    codeSearches: searchLimit.served,
    treeAt,
    json,
    notFound,
  };
}

/**
 * A recursive tree's body as GitHub sends it: entries in order until the
 * 100,000th or until the response would pass 7 MB, then `truncated: true`.
 */
export function truncatedTree<T>(
  entries: readonly T[],
  head: { sha: string; url: string },
  maxEntries = TREE_MAX_ENTRIES,
  maxBytes = TREE_MAX_BYTES,
): { sha: string; url: string; tree: T[]; truncated: boolean } {
  const tree: T[] = [];
  let bytes = JSON.stringify({ ...head, tree: [], truncated: false }).length;
  for (const entry of entries) {
    const size = JSON.stringify(entry).length + 1;
    if (tree.length >= maxEntries || bytes + size > maxBytes)
      return { ...head, tree, truncated: true };
    tree.push(entry);
    bytes += size;
  }
  return { ...head, tree, truncated: false };
}

// `git ls-tree -l -z`: "<mode> <type> <sha> <size>\t<path>\0", size "-" for trees.
function parseLsTree(output: string): TreeEntry[] {
  return output
    .split("\0")
    .filter(Boolean)
    .map((line) => {
      const tab = line.indexOf("\t");
      const [mode, type, sha, size] = line.slice(0, tab).split(/\s+/) as [
        string,
        TreeEntry["type"],
        string,
        string,
      ];
      const bytes = Number(size);
      return {
        mode,
        type,
        sha,
        ...(type === "blob" && Number.isFinite(bytes) ? { size: bytes } : {}),
        path: line.slice(tab + 1),
      };
    });
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
