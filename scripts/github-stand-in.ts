import { execFileSync } from "node:child_process";
import type { IncomingMessage, ServerResponse } from "node:http";
import { systemClock, type Clock } from "../src/shared/clock.js";
import type { CodeSearchServed } from "./code-search-limit.js";
import { createRepositoryRoutes } from "./github-repository-routes.js";
import { startRouteServer, type Route } from "./route-server.js";

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
   * The IPv4 address to listen on and name in its URLs (default 127.0.0.1):
   * a Docker bridge's gateway lets containers reach it.
   */
  listenHost?: string;
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
  /**
   * Who the comments posted here are by (default `askcode[bot]`, the
   * app's; `github-actions[bot]` for the Action on a workflow's token).
   */
  replier?: string;
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
  /** Points the default branch at another commit of the repository (a push). */
  moveDefaultBranch(commit: string): void;
  /** Closes the server; a request still held is dropped with its connection. */
  close(): Promise<void>;
}

export async function startGitHubStandIn(
  options: GitHubStandInOptions,
): Promise<GitHubStandIn> {
  const sha = execFileSync("git", ["-C", options.gitDir, "rev-parse", "HEAD"])
    .toString()
    .trim();
  const comments: StandInComment[] = [];
  const reactions: string[] = [];
  // The default branch's head: HEAD at start, until a push moves it.
  let head = sha;
  let origin = "";
  let served = 0;
  const clock = options.clock ?? systemClock;
  const replier = options.replier ?? "askcode[bot]";
  // The repository at HEAD, read as GitHub serves it (one module with the harness's stand-in).
  const repository = createRepositoryRoutes({
    gitDir: options.gitDir,
    owner: options.owner,
    repo: options.repo,
    defaultHead: () => head,
    origin: () => origin,
    clock,
    codeSearchesPerMinute: options.codeSearchesPerMinute,
    codeSearch: "none",
    requestId: () => `STANDIN:${served}`,
  });
  const { json, notFound } = repository;
  const tree = repository.treeAt(sha);
  const byPath = new Map(tree.map((entry) => [entry.path, entry]));
  const readBody = async (req: IncomingMessage): Promise<unknown> => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const text = Buffer.concat(chunks).toString("utf8");
    return text ? JSON.parse(text) : {};
  };

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
      /^\/api\/v3\/repos\/[^/]+\/[^/]+\/issues\/(\d+)$/,
      // Every issue number is an issue, titled alike, so a test may ask in many.
      (_req, res, m) =>
        json(res, 200, {
          number: Number(m[1]),
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
              user: { login: replier, type: "Bot" },
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
            ? { login: replier, type: "Bot" }
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

  const ownRoutes: Route[] = routes.map(([method, pattern, handle]) => ({
    method,
    pattern,
    name: `${method} ${pattern.source}`,
    handle,
  }));
  const server = await startRouteServer({
    port: options.port,
    host: options.listenHost,
    routes: () => [...ownRoutes, ...repository.routes],
    before: async (request) => {
      served++;
      if (holding && options.hold?.test(request)) {
        arrived(request);
        await released;
      }
    },
  });
  origin = server.origin;
  return {
    origin,
    host: `${options.listenHost ?? "127.0.0.1"}:${server.port}`,
    sha,
    requests: server.requests,
    codeSearches: repository.codeSearches,
    comments,
    reactions,
    files: new Map(tree.map((e) => [e.path, e.size ?? 0])),
    readText: (path) =>
      execFileSync("git", [
        "-C",
        options.gitDir,
        "cat-file",
        "blob",
        byPath.get(path)?.sha ?? "missing",
      ]).toString("utf8"),
    held,
    release: () => {
      holding = false;
      release();
    },
    moveDefaultBranch: (commit) => {
      head = commit;
    },
    close: () => server.close(),
  };
}
