import { execFileSync } from "node:child_process";
import {
  createServer,
  type IncomingMessage,
  type ServerResponse,
} from "node:http";
import type { AddressInfo } from "node:net";
import { systemClock, type Clock } from "../src/shared/clock.js";
import {
  createCodeSearchLimit,
  type CodeSearchServed,
} from "./code-search-limit.js";

/**
 * A GitHub stand-in on loopback, for trying askcode end to end without
 * github.com: it serves one local git repository at its HEAD commit the way a
 * GitHub Enterprise Server does (REST under `/api/v3`, archives under
 * `/_codeload`), answers the app's authentication and the issue calls, and
 * keeps the comments askcode posts. Start askcode with
 * `GHE_HOST=127.0.0.1:<port> GHE_PROTOCOL=http` to point it here.
 *
 * It is a smoke-test tool, not a GitHub emulator: code search answers with no
 * hits (a real answer GitHub gives, which sends askcode to its path and
 * tokenized fallbacks), and there are no ETags. Code search is rate-limited
 * as GitHub does it (`createCodeSearchLimit`: 10 a minute per installation
 * token, then 403), and each installation gets one token of its own.
 */
export interface GitHubStandInOptions {
  /** The git checkout to serve. */
  gitDir: string;
  owner: string;
  repo: string;
  /** The issue askcode answers in: its title and body. */
  issue: { number: number; title: string; body: string };
  port?: number;
  /**
   * Requests to leave unanswered until `release()`, matched against
   * "METHOD /path" (e.g. `/^GET \/api\/v3\/repos\/[^/]+\/[^/]+\/tarball\//`):
   * an answer then stays in progress for as long as a test needs, without
   * guessing at timing. Unset, every request is answered at once.
   */
  hold?: RegExp;
  /** Code searches served per rolling minute per installation token (GitHub's 10). */
  codeSearchesPerMinute?: number;
  /** The clock the code-search limit counts on (tests move it). */
  clock?: Clock;
}

export interface StandInComment {
  id: number;
  /** The issue it was posted on. */
  issueNumber: number;
  body: string;
  /** Every body this comment had, oldest first (progress edits included). */
  history: string[];
}

export interface GitHubStandIn {
  /** `http://127.0.0.1:<port>`: the web host; the API is under `/api/v3`. */
  origin: string;
  /** `127.0.0.1:<port>`, the value for `GHE_HOST`. */
  host: string;
  sha: string;
  /** Every request served, as "METHOD /path" (query left out). */
  requests: string[];
  /** Every `GET /search/code`, served (200) or refused for the limit (403), with its time. */
  codeSearches: CodeSearchServed[];
  comments: StandInComment[];
  reactions: string[];
  /** The tree at HEAD: path → size in bytes. */
  files: Map<string, number>;
  /** The text of a file at HEAD. */
  readText(path: string): string;
  /** Resolves with the first request `hold` matched ("METHOD /path") once it arrived. */
  held: Promise<string>;
  /** Answers the held requests, and from now on every request at once. */
  release(): void;
  /** Closes the server; a request still held is dropped with its connection. */
  close(): Promise<void>;
}

interface TreeEntry {
  mode: string;
  type: string;
  sha: string;
  size: number;
  path: string;
}

export async function startGitHubStandIn(
  options: GitHubStandInOptions,
): Promise<GitHubStandIn> {
  const git = (args: string[]): Buffer =>
    execFileSync("git", ["-C", options.gitDir, ...args], {
      maxBuffer: 512 * 1024 * 1024,
    });
  const sha = git(["rev-parse", "HEAD"]).toString().trim();
  const tree: TreeEntry[] = git(["ls-tree", "-r", "-l", "--full-tree", sha])
    .toString()
    .split("\n")
    .filter(Boolean)
    .map((line) => {
      const [meta, path] = line.split("\t") as [string, string];
      const [mode, type, objectSha, size] = meta.split(/\s+/) as [
        string,
        string,
        string,
        string,
      ];
      return { mode, type, sha: objectSha, size: Number(size) || 0, path };
    });
  const byPath = new Map(tree.map((entry) => [entry.path, entry]));
  const { owner, repo } = options;
  const fullName = `${owner}/${repo}`;
  const requests: string[] = [];
  const comments: StandInComment[] = [];
  const reactions: string[] = [];
  let origin = "";
  const clock = options.clock ?? systemClock;
  const searchLimit = createCodeSearchLimit({
    clock,
    perMinute: options.codeSearchesPerMinute,
  });

  const json = (
    res: ServerResponse,
    status: number,
    body: unknown,
    rateLimit: Record<string, string> = {
      "x-ratelimit-limit": "5000",
      "x-ratelimit-remaining": "4999",
      "x-ratelimit-reset": String(Math.floor(clock.now() / 1000) + 3600),
      "x-ratelimit-resource": "core",
    },
  ) => {
    res.writeHead(status, {
      "content-type": "application/json; charset=utf-8",
      "x-github-request-id": `STANDIN:${requests.length}`,
      ...rateLimit,
    });
    res.end(JSON.stringify(body));
  };
  const notFound = (res: ServerResponse) =>
    json(res, 404, {
      message: "Not Found",
      documentation_url: "https://docs.github.com/rest",
      status: "404",
    });
  const readBody = async (req: IncomingMessage): Promise<unknown> => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const text = Buffer.concat(chunks).toString("utf8");
    return text ? JSON.parse(text) : {};
  };
  const repository = () => ({
    id: 1296269,
    name: repo,
    full_name: fullName,
    private: false,
    owner: { login: owner, id: 1, type: "Organization" },
    html_url: `${origin}/${fullName}`,
    default_branch: "main",
    size: Math.ceil(tree.reduce((sum, entry) => sum + entry.size, 0) / 1024),
  });
  const contentEntry = (entry: TreeEntry) => ({
    type: entry.type === "tree" ? "dir" : "file",
    name: entry.path.split("/").pop(),
    path: entry.path,
    sha: entry.sha,
    size: entry.size,
    url: `${origin}/api/v3/repos/${fullName}/contents/${entry.path}?ref=${sha}`,
    html_url: `${origin}/${fullName}/blob/${sha}/${entry.path}`,
    git_url: `${origin}/api/v3/repos/${fullName}/git/blobs/${entry.sha}`,
    download_url: null,
  });

  const routes: Array<
    [
      string,
      RegExp,
      (
        req: IncomingMessage,
        res: ServerResponse,
        match: RegExpMatchArray,
        url: URL,
      ) => void | Promise<void>,
    ]
  > = [
    [
      "POST",
      /^\/api\/v3\/app\/installations\/(\d+)\/access_tokens$/,
      (_req, res, m) =>
        json(res, 201, {
          // One token per installation, the same for every replica that asks:
          // the code-search limit is the installation's, counted by token.
          token: `ghs_standIn${m[1]!.padStart(29, "0")}`,
          expires_at: new Date(Date.now() + 3_600_000).toISOString(),
          permissions: { contents: "read", metadata: "read", issues: "write" },
          repository_selection: "selected",
        }),
    ],
    [
      "GET",
      /^\/api\/v3\/app$/,
      (_req, res) =>
        json(res, 200, { id: 1, slug: "askcode", name: "askcode" }),
    ],
    [
      "GET",
      /^\/api\/v3\/repos\/([^/]+)\/([^/]+)$/,
      (_req, res, m) =>
        m[1] === owner && m[2] === repo
          ? json(res, 200, repository())
          : notFound(res),
    ],
    [
      "GET",
      /^\/api\/v3\/repos\/[^/]+\/[^/]+\/commits\/([^/]+)$/,
      (req, res) => {
        if (String(req.headers.accept).includes("sha")) {
          res.writeHead(200, {
            "content-type": "text/plain",
            etag: `"${sha}"`,
          });
          res.end(sha);
        } else json(res, 200, { sha, commit: { tree: { sha } } });
      },
    ],
    [
      "GET",
      /^\/api\/v3\/repos\/[^/]+\/[^/]+\/git\/trees\/([^/]+)$/,
      (_req, res) =>
        json(res, 200, {
          sha,
          url: `${origin}/api/v3/repos/${fullName}/git/trees/${sha}`,
          tree: tree.map((entry) => ({
            path: entry.path,
            mode: entry.mode,
            type: entry.type,
            sha: entry.sha,
            size: entry.size,
            url: `${origin}/api/v3/repos/${fullName}/git/blobs/${entry.sha}`,
          })),
          truncated: false,
        }),
    ],
    [
      "GET",
      /^\/api\/v3\/repos\/([^/]+)\/([^/]+)\/contents\/(.*)$/,
      (req, res, m) => {
        const path = decodeURIComponent(m[3] ?? "");
        const entry = byPath.get(path);
        if (m[1] !== owner || m[2] !== repo || !entry) return notFound(res);
        const bytes = git(["cat-file", "blob", entry.sha]);
        if (String(req.headers.accept).includes("raw")) {
          res.writeHead(200, { "content-type": "application/octet-stream" });
          res.end(bytes);
          return;
        }
        json(res, 200, {
          ...contentEntry(entry),
          encoding: "base64",
          content: bytes.toString("base64"),
        });
      },
    ],
    [
      "GET",
      /^\/api\/v3\/repos\/[^/]+\/[^/]+\/tarball\/([^/]+)$/,
      (_req, res) => {
        res.writeHead(302, {
          location: `${origin}/_codeload/${fullName}/legacy.tar.gz/${sha}`,
        });
        res.end();
      },
    ],
    [
      "GET",
      /^\/_codeload\//,
      (_req, res) => {
        const prefix = `${owner}-${repo}-${sha.slice(0, 7)}/`;
        const archive = git([
          "archive",
          "--format=tar.gz",
          `--prefix=${prefix}`,
          sha,
        ]);
        res.writeHead(200, { "content-type": "application/x-gzip" });
        res.end(archive);
      },
    ],
    [
      "GET",
      /^\/api\/v3\/search\/code$/,
      (req, res) => {
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
              message: `API rate limit exceeded for installation ID ${installation ?? "0"}. If you reach out to GitHub Support for help, please include the request ID STANDIN:${requests.length}.`,
              documentation_url:
                "https://docs.github.com/rest/overview/rate-limits-for-the-rest-api",
              status: "403",
            },
            verdict.headers,
          );
        }
        json(
          res,
          200,
          { total_count: 0, incomplete_results: false, items: [] },
          verdict.headers,
        );
      },
    ],
    [
      "GET",
      /^\/api\/v3\/repos\/[^/]+\/[^/]+\/issues\/(\d+)$/,
      (_req, res) =>
        json(res, 200, {
          number: options.issue.number,
          title: options.issue.title,
          body: options.issue.body,
          user: { login: "Codertocat", type: "User" },
          author_association: "OWNER",
          state: "open",
          locked: false,
        }),
    ],
    [
      "GET",
      /^\/api\/v3\/repos\/[^/]+\/[^/]+\/issues\/(\d+)\/comments$/,
      (_req, res, m) =>
        json(
          res,
          200,
          comments
            .filter((c) => c.issueNumber === Number(m[1]))
            .map((c) => ({
              id: c.id,
              body: c.body,
              user: { login: "askcode[bot]", type: "Bot" },
              author_association: "NONE",
              created_at: new Date().toISOString(),
            })),
        ),
    ],
    [
      "POST",
      /^\/api\/v3\/repos\/[^/]+\/[^/]+\/issues\/(\d+)\/comments$/,
      async (req, res, m) => {
        const { body } = (await readBody(req)) as { body: string };
        const comment = {
          id: 9000 + comments.length,
          issueNumber: Number(m[1]),
          body,
          history: [body],
        };
        comments.push(comment);
        json(res, 201, { id: comment.id, body });
      },
    ],
    [
      // The comment that asked was delivered from outside, so the stand-in
      // never saw it posted: any comment not askcode's is someone's question.
      "GET",
      /^\/api\/v3\/repos\/[^/]+\/[^/]+\/issues\/comments\/(\d+)$/,
      (_req, res, m) => {
        const own = comments.find((c) => c.id === Number(m[1]));
        json(res, 200, {
          id: Number(m[1]),
          body: own?.body ?? "",
          user: own
            ? { login: "askcode[bot]", type: "Bot" }
            : { login: "Codertocat", type: "User" },
          author_association: own ? "NONE" : "OWNER",
          created_at: new Date().toISOString(),
        });
      },
    ],
    [
      "PATCH",
      /^\/api\/v3\/repos\/[^/]+\/[^/]+\/issues\/comments\/(\d+)$/,
      async (req, res, m) => {
        const { body } = (await readBody(req)) as { body: string };
        const comment = comments.find((c) => c.id === Number(m[1]));
        if (!comment) return notFound(res);
        comment.body = body;
        comment.history.push(body);
        json(res, 200, { id: comment.id, body });
      },
    ],
    [
      "POST",
      /^\/api\/v3\/repos\/[^/]+\/[^/]+\/(issues\/comments\/\d+|issues\/\d+)\/reactions$/,
      async (req, res, m) => {
        const { content } = (await readBody(req)) as { content: string };
        reactions.push(`${content} on ${m[1]}`);
        json(res, 201, { id: reactions.length, content });
      },
    ],
  ];

  let release: () => void = () => undefined;
  const released = new Promise<void>((resolve) => (release = resolve));
  let arrived: (request: string) => void = () => undefined;
  const held = new Promise<string>((resolve) => (arrived = resolve));
  let holding = options.hold !== undefined;

  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? "/", "http://stand-in");
    const request = `${req.method} ${url.pathname}`;
    requests.push(request);
    if (holding && options.hold?.test(request)) {
      arrived(request);
      await released;
    }
    for (const [method, pattern, handle] of routes) {
      const match = req.method === method ? url.pathname.match(pattern) : null;
      if (match) {
        Promise.resolve(handle(req, res, match, url)).catch((error) => {
          res.writeHead(500).end(String(error));
        });
        return;
      }
    }
    notFound(res);
  });
  await new Promise<void>((resolve) =>
    server.listen(options.port ?? 0, "127.0.0.1", resolve),
  );
  const { port } = server.address() as AddressInfo;
  origin = `http://127.0.0.1:${port}`;
  return {
    origin,
    host: `127.0.0.1:${port}`,
    sha,
    requests,
    codeSearches: searchLimit.served,
    comments,
    reactions,
    files: new Map(
      tree.filter((e) => e.type === "blob").map((e) => [e.path, e.size]),
    ),
    readText: (path) =>
      git(["cat-file", "blob", byPath.get(path)?.sha ?? "missing"]).toString(
        "utf8",
      ),
    held,
    release: () => {
      holding = false;
      release();
    },
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
