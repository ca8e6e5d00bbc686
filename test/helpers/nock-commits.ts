import nock from "nock";
import { GITHUB_API, HELLO_WORLD, restHeaders } from "./nock-github.js";

// The commit shapes of GitHub's REST description, as its docs show them
// ("List commits" and "Get a commit",
// https://docs.github.com/en/rest/commits/commits): @octokit/fixtures
// records neither, so they are built here field for field.

/** Which repository a helper answers for (default: `HELLO_WORLD`). */
export interface CommitsRepository {
  owner?: string;
  repo?: string;
}
const api = (r: CommitsRepository = {}) =>
  `${GITHUB_API}/repos/${r.owner ?? HELLO_WORLD.owner}/${r.repo ?? HELLO_WORLD.repo}`;
const web = (r: CommitsRepository = {}) =>
  `https://github.com/${r.owner ?? HELLO_WORLD.owner}/${r.repo ?? HELLO_WORLD.repo}`;

const octocat = {
  login: "octocat",
  id: 1,
  node_id: "MDQ6VXNlcjE=",
  avatar_url: "https://github.com/images/error/octocat_happy.gif",
  gravatar_id: "",
  url: "https://api.github.com/users/octocat",
  html_url: "https://github.com/octocat",
  type: "User",
  site_admin: false,
};

/** One commit as "List commits" gives it (no `stats`, no `files`), its parent named. */
export function listedCommit(
  sha: string,
  parent?: string,
  repository: CommitsRepository = {},
) {
  const API = api(repository);
  const WEB = web(repository);
  const person = {
    name: "Monalisa Octocat",
    email: "support@github.com",
    date: "2026-11-30T16:00:49Z",
  };
  return {
    url: `${API}/commits/${sha}`,
    sha,
    node_id: Buffer.from(`06:Commit${sha}`).toString("base64"),
    html_url: `${WEB}/commit/${sha}`,
    comments_url: `${API}/commits/${sha}/comments`,
    commit: {
      url: `${API}/git/commits/${sha}`,
      author: person,
      committer: person,
      message: "Fix all the bugs",
      tree: {
        url: `${API}/git/trees/${sha.replace(/^./, "f")}`,
        sha: sha.replace(/^./, "f"),
      },
      comment_count: 0,
      verification: {
        verified: false,
        reason: "unsigned",
        signature: null,
        payload: null,
        verified_at: null,
      },
    },
    author: octocat,
    committer: octocat,
    parents: parent
      ? [
          {
            url: `${API}/commits/${parent}`,
            sha: parent,
            html_url: `${WEB}/commit/${parent}`,
          },
        ]
      : [],
  };
}

/** One file of "Get a commit"; `previous` makes it a rename. */
export function commitFile(
  filename: string,
  previous?: string,
  repository: CommitsRepository = {},
) {
  const API = api(repository);
  const WEB = web(repository);
  const blob = "bbcd538c8e72b8c175046e27cc8f907076331401";
  return {
    sha: blob,
    filename,
    status: previous ? "renamed" : "modified",
    additions: 1,
    deletions: 1,
    changes: 2,
    blob_url: `${WEB}/blob/${blob}/${filename}`,
    raw_url: `${WEB}/raw/${blob}/${filename}`,
    contents_url: `${API}/contents/${filename}?ref=${blob}`,
    patch: "@@ -1 +1 @@\n-old\n+new",
    ...(previous && { previous_filename: previous }),
  };
}

/**
 * Expects `GET /repos/{owner}/{repo}/commits?sha=<from>&per_page=<n>` and
 * answers with `shas` listed, each the parent of the one before it.
 */
export function nockListCommits(
  options: CommitsRepository & {
    from: string;
    perPage: number;
    shas: readonly string[];
    remaining?: number;
  },
  scope: nock.Scope = nock(GITHUB_API),
): nock.Scope {
  return scope
    .get(`${new URL(api(options)).pathname}/commits`)
    .query({ sha: options.from, per_page: String(options.perPage) })
    .reply(
      200,
      options.shas.map((sha, i) =>
        listedCommit(sha, options.shas[i + 1], options),
      ),
      restHeaders(
        options.remaining === undefined
          ? {}
          : { "x-ratelimit-remaining": String(options.remaining) },
      ),
    );
}

/** Expects `GET /repos/{owner}/{repo}/commits/<sha>?per_page=<n>` and answers with the commit and its files. */
export function nockGetCommit(
  options: CommitsRepository & {
    sha: string;
    perPage: number;
    files: ReturnType<typeof commitFile>[];
    remaining?: number;
  },
  scope: nock.Scope = nock(GITHUB_API),
): nock.Scope {
  return scope
    .get(`${new URL(api(options)).pathname}/commits/${options.sha}`)
    .query({ per_page: String(options.perPage) })
    .reply(
      200,
      {
        ...listedCommit(options.sha, "0".repeat(40), options),
        stats: {
          additions: options.files.length,
          deletions: options.files.length,
          total: 2 * options.files.length,
        },
        files: options.files,
      },
      restHeaders(
        options.remaining === undefined
          ? {}
          : { "x-ratelimit-remaining": String(options.remaining) },
      ),
    );
}
