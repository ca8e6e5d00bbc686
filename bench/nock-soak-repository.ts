import { createHash } from "node:crypto";
import { fileURLToPath } from "node:url";
import nock from "nock";
import { runGit } from "../src/code-host/local/run-git.js";
import {
  CODELOAD,
  GITHUB_API,
  gitBlobBody,
  githubFixture,
  nockTarball,
  restHeaders,
} from "../test/helpers/nock-github.js";
import { restIssueThread } from "../test/helpers/rest-issue-thread.js";
import {
  contentsAnswer,
  listenForUnmatched,
  renamedRepository,
  treeAnswer,
} from "./nock-corpus-repository.js";
import { readCorpus, type Corpus } from "./read-corpus.js";

/** One question's issue as the soak serves it: its number, what it asks and the comment that asked. */
export interface SoakIssue {
  number: number;
  title: string;
  /** The asking comment's body (the mention and the question). */
  question: string;
  /** The asking comment's id (askcode leaves it out of the thread it reads). */
  askingCommentId: number;
}

/** askcode's writes on one issue, counted by the nock handlers. */
export interface IssueWrites {
  /** `POST …/issues/{n}/comments` answered. */
  posts: number;
  /** `PATCH …/issues/comments/{id}` answered for a comment posted on this issue. */
  patches: number;
  /** Length of the last body written (the reply, once the run is over). */
  lastBodyLength: number;
  /** Whether the last body written links to the repository at a commit (a retrieval answer does). */
  lastBodyCitesCommit: string | undefined;
}

export interface SoakRepositoryServer {
  owner: string;
  repo: string;
  /** The commits served, oldest first, with their file count and bytes. */
  commits: ReadonlyArray<{ sha: string; files: number; bytes: number }>;
  /** Makes the default branch's head this commit (one of `commits`). */
  moveHead(sha: string): void;
  /** Serves an issue for a question (its thread: the issue and the asking comment). */
  openIssue(issue: SoakIssue): void;
  /** Forgets a finished issue's thread (its write counts stay). */
  closeIssue(number: number): void;
  /** askcode's writes per issue number. */
  readonly writes: ReadonlyMap<number, IssueWrites>;
  /** Requests answered, by endpoint. */
  readonly served: Readonly<Record<string, number>>;
  /** Requests nock had no answer for ("METHOD host/path"); a faithful run has none. */
  readonly unmatched: readonly string[];
  stop(): void;
}

export interface NockSoakRepositoryOptions {
  owner: string;
  repo: string;
  /** Commits of this checkout to serve (full SHAs). */
  commits: readonly string[];
  /** The git checkout they are read from (default: this project's). */
  repository?: string;
  branch?: string;
}

const SHA = /^[0-9a-f]{40}$/;

/**
 * Serves one repository, this checkout at several commits of its history,
 * the way GitHub does, with persisted interceptors (so any number of
 * questions can run) and a default branch whose head the caller moves:
 * - `GET /repos/{o}/{r}` (GitHub's recorded repository, renamed, with the
 *   default branch and the size in KB), with its ETag and a 304 on revalidation;
 * - `GET /repos/{o}/{r}/commits/{branch}` with the sha media type: the
 *   current head, its ETag the SHA in quotes, a 304 while it has not moved;
 * - per commit: the recursive tree (`git ls-tree`, blob SHAs and sizes),
 *   Contents for every file, and the tarball (`git archive --format=tar.gz`
 *   with GitHub's `<owner>-<repo>-<short sha>/` prefix), 302 then codeload;
 * - per question: the issue, its comments (the asking one), and askcode's
 *   comment POST and PATCHes, counted per issue; reactions.
 * Issue and comment bodies come from GitHub's own examples
 * (test/helpers/rest-issue-thread.ts); nothing reaches the network.
 *
 * @example
 * const server = await nockSoakRepository({ owner: "octo-org", repo: "askcode", commits: [a, b] });
 * server.moveHead(b);
 * server.openIssue({ number: 1, title: "…", question: "@askcode …", askingCommentId: 1_000_001 });
 */
export async function nockSoakRepository(
  options: NockSoakRepositoryOptions,
): Promise<SoakRepositoryServer> {
  const { owner, repo } = options;
  const branch = options.branch ?? "main";
  const checkout =
    options.repository ?? fileURLToPath(new URL("..", import.meta.url));
  const fullName = `${owner}/${repo}`;
  const path = `/repos/${owner}/${repo}`;
  nock.disableNetConnect();

  const served: Record<string, number> = {};
  const count = (endpoint: string) => {
    served[endpoint] = (served[endpoint] ?? 0) + 1;
  };
  const noMatch = listenForUnmatched();
  const api = nock(GITHUB_API).persist();
  const codeload = nock(CODELOAD, { badheaders: ["authorization"] }).persist();

  // Every commit's tree and files, read from git objects (the whole tree).
  const corpora: Corpus[] = [];
  for (const sha of options.commits) {
    if (!SHA.test(sha)) throw new Error(`Not a full commit SHA: ${sha}`);
    corpora.push(
      await readCorpus({ repository: checkout, ref: sha, directories: [] }),
    );
  }
  const contents = new Map<string, string>();
  const blobs = new Map<string, Buffer>();
  for (const corpus of corpora) {
    const treeJson = JSON.stringify(treeAnswer(corpus, fullName));
    api
      .get(`${path}/git/trees/${corpus.sha}`)
      .query({ recursive: "1" })
      .reply(
        200,
        () => (count("tree"), treeJson),
        restHeaders({ etag: `"${corpus.treeSha}"` }),
      );
    for (const entry of corpus.entries)
      if (entry.bytes) blobs.set(entry.sha, entry.bytes);
    for (const entry of corpus.entries)
      if (entry.bytes)
        contents.set(
          `${corpus.sha} ${entry.path}`,
          JSON.stringify(
            contentsAnswer(
              fullName,
              corpus.sha,
              entry.path,
              entry.sha,
              entry.bytes,
            ),
          ),
        );
    const gzip = await gitArchive(
      checkout,
      corpus.sha,
      `${owner}-${repo}-${corpus.sha.slice(0, 7)}/`,
    );
    nockTarball(
      {
        owner,
        repo,
        sha: corpus.sha,
        gzip: () => (count("tarball"), gzip),
      },
      api.persist(),
      codeload,
    );
  }
  // The Git Blobs API, for a commit whose blobs are mostly in askcode's blob cache.
  api
    .get((uri) => uri.startsWith(`${path}/git/blobs/`))
    .reply((uri) => {
      const sha = uri.slice(`${path}/git/blobs/`.length);
      const bytes = blobs.get(sha);
      if (!bytes) return [404, githubFixture("errors/not-found-blob.json")];
      count("blob");
      return [
        200,
        gitBlobBody(sha, bytes, { owner, repo }),
        restHeaders({ etag: `"${sha}"` }),
      ];
    });
  // One interceptor answers every file of every commit (thousands of exact
  // ones would make nock slow to match every other request).
  api
    .get((uri) => uri.startsWith(`${path}/contents/`))
    .query(true)
    .matchHeader("accept", "application/vnd.github.v3+json")
    .reply((uri) => {
      const url = new URL(uri, GITHUB_API);
      const file = decodeURIComponent(
        url.pathname.slice(`${path}/contents/`.length),
      );
      const json = contents.get(`${url.searchParams.get("ref")} ${file}`);
      count("contents");
      return json
        ? [200, json, restHeaders({ etag: `"${sha1(json)}"` })]
        : [
            404,
            githubFixture<object>("errors/not-found-contents.json"),
            restHeaders({ "cache-control": "no-cache" }),
          ];
    });

  const newest = corpora[corpora.length - 1]!;
  const repository = renamedRepository(repo, branch);
  repository.size = Math.ceil(newest.bytes / 1024); // GitHub gives it in KB
  const repositoryJson = JSON.stringify(repository);
  const repositoryEtag = `"${sha1(repositoryJson)}"`;
  api.get(path).reply(function () {
    count("repo");
    return this.req.headers["if-none-match"] === repositoryEtag
      ? [304, "", restHeaders({ etag: repositoryEtag })]
      : [200, repositoryJson, restHeaders({ etag: repositoryEtag })];
  });

  let head = newest.sha;
  // As nockGetCommitSha answers, with a head that moves.
  api
    .get(`${path}/commits/${branch}`)
    .matchHeader("accept", "application/vnd.github.v3.sha")
    .reply(function () {
      count("commit");
      const headers = restHeaders({
        "content-type": "application/vnd.github.v3.sha; charset=utf-8",
        "x-github-media-type": "github.v3; param=sha",
        etag: `"${head}"`,
      });
      return this.req.headers["if-none-match"] === `"${head}"`
        ? [304, "", headers]
        : [200, head, headers];
    });

  // Issues: the thread of each open question, and askcode's writes on it.
  const threads = new Map<number, ReturnType<typeof restIssueThread>>();
  const writes = new Map<number, IssueWrites>();
  const issueOfComment = new Map<number, number>();
  let nextCommentId = 2_000_000_001;
  const issuePath = new RegExp(`^${path}/issues/(\\d+)$`);
  const commentsPath = new RegExp(`^${path}/issues/(\\d+)/comments(\\?.*)?$`);
  const commentPath = new RegExp(`^${path}/issues/comments/(\\d+)$`);
  const threadOf = (uri: string, pattern: RegExp) =>
    threads.get(Number(pattern.exec(uri)?.[1]));
  api
    .get((uri) => issuePath.test(uri))
    .reply((uri) => {
      count("issue");
      const thread = threadOf(uri, issuePath);
      return thread
        ? [200, thread.issue, restHeaders()]
        : [404, githubFixture<object>("errors/not-found-contents.json")];
    })
    .get((uri) => commentsPath.test(uri.split("?")[0]!))
    .query(true)
    .reply((uri) => {
      count("comments");
      const thread = threadOf(uri.split("?")[0]!, commentsPath);
      return [200, thread?.comments ?? [], restHeaders()];
    })
    .post((uri) => commentsPath.test(uri))
    .reply((uri, body) => {
      count("comment POST");
      const number = Number(commentsPath.exec(uri)?.[1]);
      const thread = threads.get(number);
      const id = nextCommentId++;
      issueOfComment.set(id, number);
      const written = record(number, (body as { body: string }).body);
      written.posts++;
      return [
        201,
        askcodeComment(thread, id, (body as { body: string }).body),
        restHeaders(),
      ];
    })
    .patch((uri) => commentPath.test(uri))
    .reply((uri, body) => {
      count("comment PATCH");
      const id = Number(commentPath.exec(uri)?.[1]);
      const number = issueOfComment.get(id);
      if (number === undefined)
        return [404, githubFixture<object>("errors/not-found-contents.json")];
      record(number, (body as { body: string }).body).patches++;
      return [
        200,
        askcodeComment(
          threads.get(number),
          id,
          (body as { body: string }).body,
        ),
        restHeaders(),
      ];
    })
    .post(/\/reactions$/)
    .reply(201, () => (count("reaction"), { id: 1, content: "eyes" }));

  function record(number: number, body: string): IssueWrites {
    let written = writes.get(number);
    if (!written)
      writes.set(
        number,
        (written = {
          posts: 0,
          patches: 0,
          lastBodyLength: 0,
          lastBodyCitesCommit: undefined,
        }),
      );
    written.lastBodyLength = body.length;
    const cited = new RegExp(
      `https://github\\.com/${fullName}/blob/([0-9a-f]{40})/`,
    ).exec(body)?.[1];
    // The served commit's own string: the match is a slice that would keep
    // the whole body alive (and show here as growth).
    written.lastBodyCitesCommit =
      corpora.find((corpus) => corpus.sha === cited)?.sha ??
      (cited === undefined ? undefined : "another commit");
    return written;
  }

  return {
    owner,
    repo,
    commits: corpora.map((corpus) => ({
      sha: corpus.sha,
      files: corpus.files.size,
      bytes: corpus.bytes,
    })),
    moveHead(sha) {
      if (!corpora.some((corpus) => corpus.sha === sha))
        throw new Error(`${sha} is not a served commit`);
      head = sha;
    },
    openIssue(issue) {
      const thread = restIssueThread({ title: issue.title, body: "" }, [
        { login: "octocat", association: "MEMBER", body: issue.question },
      ]);
      // The example's issue is Codertocat/Hello-World#1: renamed and renumbered.
      const renamed = JSON.parse(
        JSON.stringify(thread)
          .replaceAll("Codertocat/Hello-World", fullName)
          .replaceAll("/issues/1", `/issues/${issue.number}`),
      ) as typeof thread;
      Object.assign(renamed.issue, { number: issue.number });
      for (const comment of renamed.comments)
        comment.id = issue.askingCommentId;
      threads.set(issue.number, renamed);
    },
    closeIssue(number) {
      threads.delete(number);
      for (const [id, of] of issueOfComment)
        if (of === number) issueOfComment.delete(id);
    },
    writes,
    served,
    unmatched: noMatch.unmatched,
    stop() {
      noMatch.stop();
      nock.cleanAll();
    },
  };
}

/** askcode's comment as GitHub answers its POST or PATCH: an issue comment by the app's bot. */
function askcodeComment(
  thread: ReturnType<typeof restIssueThread> | undefined,
  id: number,
  body: string,
): object {
  const example = thread?.comments[0] ?? {};
  return {
    ...example,
    id,
    body,
    user: { login: "askcode[bot]", type: "Bot" },
    author_association: "NONE",
  };
}

/** `git archive --format=tar.gz` of a commit under GitHub's prefix: the bytes GitHub's tarball carries. */
async function gitArchive(
  checkout: string,
  sha: string,
  prefix: string,
): Promise<Buffer> {
  const { code, stdout, stderr } = await runGit(checkout, [
    "archive",
    "--format=tar.gz",
    `--prefix=${prefix}`,
    sha,
  ]);
  if (code !== 0)
    throw new Error(`git archive ${sha} failed: ${stderr.trim()}`);
  return stdout;
}

function sha1(text: string): string {
  return createHash("sha1").update(text).digest("hex");
}
