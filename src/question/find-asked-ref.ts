import type { RepositoryOnWeb } from "../shared/permalink.js";

/** The ref a question names, and the question without the words that named it. */
export interface AskedRef {
  /** A branch, tag or commit, as the asker wrote it (not yet resolved). */
  ref: string;
  /** Where it was named: "on v2.1 …" at the start, or a link to this repository. */
  from: "phrase" | "permalink";
  /** The question with a leading "on <ref>" removed; unchanged for a permalink. */
  question: string;
}

// "on v2.1", "at 4f2a9c1", "on tag v2.1", "at commit `4f2a9c1`", then the end
// of the question, a space or punctuation (a "." only before a space or the end).
const PHRASE =
  /^\s*(?:on|at)\s+(?:(?:the\s+)?(?:branch|tag|commit|ref)\s+)?(`[^`\n]{1,255}`|[^\s`,:;!?()]+?)(?=$|[\s,:;!?)]|\.(?:\s|$))[\s,:;.\-–—]*/i;

// A SHA: 7 to 40 hex digits with at least one digit and one letter, so
// that "at 1000000 rows" or "at defaced" is not a commit. A short SHA made
// of digits alone can still be named in backticks.
const SHA = /^(?=[0-9a-f]*[0-9])(?=[0-9a-f]*[a-f])[0-9a-f]{7,40}$/i;
// What may follow a version: "-rc.1", "-beta", "+build.5".
const SUFFIX = "(?:[-+][0-9A-Za-z][0-9A-Za-z.-]*)?";
// A version tag: "v2", "v2.1", "v2.1.0-rc.1" (a lower-case v: "V8" is an
// engine); without the v, three parts ("2.1.0"), since "at 2.5 seconds" is
// not a tag; or a release word and a version ("release-1.2", "stable_2.0").
const VERSION = new RegExp(
  `^(?:v\\d+(?:\\.\\d+)*|\\d+\\.\\d+\\.\\d+(?:\\.\\d+)*|(?:release|rel|stable|hotfix|version)[-_]v?\\d+(?:\\.\\d+)*)${SUFFIX}$`,
);
// A branch with a `/` ("feature/login", "jdoe/fix-retry", "release/2.1"):
// a lower-case first part of two characters or more ("a/b testing",
// "iOS/Android" are not branches), and neither a source directory nor a
// file ("at src/app.ts", "on docs/setup" name a place in the code).
const SLASH_NAME = /^[a-z0-9][a-z0-9._-]+(?:\/[A-Za-z0-9._-]{2,})+$/;
const SOURCE_DIRECTORY =
  /^(?:src|lib|libs|test|tests|spec|docs?|app|apps|packages|pkg|cmd|internal|scripts|bin|include|config|examples?|vendor|node_modules|dist|build|public|assets)\//i;
const FILE_NAME = /\.[A-Za-z][A-Za-z0-9]*$/;
// What git allows in a ref name, near enough: no spaces, no "..", no
// leading "-" (it would read as an option) or "/", nothing that ends in "/" or ".".
const REF_NAME = /^(?!-)(?!.*\.\.)(?!\/)[A-Za-z0-9._\/+-]{1,255}(?<![/.])$/;

/**
 * Finds the branch, tag or commit a question asks about, so the run reads
 * that commit instead of the default branch's head.
 *
 * Two ways to name one (docs/architecture/overview.md, 'Naming a ref'):
 *
 * - "on <ref>" or "at <ref>" starting the question (the words right after
 *   the mention), optionally with "branch", "tag" or "commit" between:
 *   "@askcode on v2.1 where is X?", "@askcode at 4f2a9c1: …". Being
 *   conservative, the word must look like a ref, since "on Windows", "at
 *   startup" or "on the main page" are not: a SHA (7–40 hex, digits and
 *   letters both), a version tag ("v2", "v2.1", "2.1.0", "release-1.2"), a
 *   branch with a `/` ("feature/login", not "src/app.ts"), or any ref name
 *   in backticks ("on `main`", "on `feature-x`").
 * - Otherwise, the first link in the question to this repository's code on
 *   its own host: `…/blob/<ref>/path#L1-L5`, `…/tree/<ref>`,
 *   `…/commit/<sha>` (owner and repository compared case-insensitively). A
 *   link cannot tell a branch with a `/` from the path after it, so the
 *   first segment is taken as the ref.
 *
 * The phrase is removed from the question; a link stays, as it names code too.
 *
 * @example
 * findAskedRef("on v2.1 where is retry decided?", repository)
 * // { ref: "v2.1", from: "phrase", question: "where is retry decided?" }
 * findAskedRef("on Windows the upload fails", repository) // undefined
 * findAskedRef("why https://github.com/octo/hello/blob/4f2a9c1/src/a.ts#L3 ?", { owner: "octo", repo: "hello" })
 * // { ref: "4f2a9c1", from: "permalink", question: "why https://github.com/…" }
 */
export function findAskedRef(
  question: string,
  repository: RepositoryOnWeb,
): AskedRef | undefined {
  const phrase = PHRASE.exec(question);
  if (phrase) {
    const ref = refInPhrase(phrase[1] as string);
    if (ref !== undefined)
      return {
        ref,
        from: "phrase",
        question: question.slice(phrase[0].length).trim(),
      };
  }
  const linked = refInLinks(question, repository);
  return linked === undefined
    ? undefined
    : { ref: linked, from: "permalink", question };
}

function refInPhrase(word: string): string | undefined {
  if (word.startsWith("`")) {
    const name = word.slice(1, -1).trim();
    return REF_NAME.test(name) ? name : undefined;
  }
  if (SHA.test(word) || VERSION.test(word)) return word;
  if (
    SLASH_NAME.test(word) &&
    REF_NAME.test(word) &&
    !SOURCE_DIRECTORY.test(word) &&
    !FILE_NAME.test(word)
  )
    return word;
  return undefined;
}

function refInLinks(
  question: string,
  repository: RepositoryOnWeb,
): string | undefined {
  const home = repositoryHome(repository);
  const links = question.matchAll(
    /https?:\/\/([^/\s<>()]+)\/([^/\s<>()]+)\/([^/\s<>()]+)\/(blob|tree|commit)\/([^/\s<>()#?`'"]+)/gi,
  );
  for (const [, host, owner, repo, kind, segment] of links) {
    if (
      host?.toLowerCase() !== home.host ||
      owner?.toLowerCase() !== home.owner ||
      repo?.toLowerCase().replace(/\.git$/, "") !== home.repo
    )
      continue;
    const ref = decodeSegment(segment as string);
    if (ref === undefined || !REF_NAME.test(ref)) continue;
    if (kind?.toLowerCase() === "commit" && !SHA_ANY.test(ref)) continue;
    return ref;
  }
  return undefined;
}

// A commit link carries a SHA, whatever its digits.
const SHA_ANY = /^[0-9a-f]{7,40}$/i;

function repositoryHome(repository: RepositoryOnWeb): {
  host: string;
  owner: string;
  repo: string;
} {
  const host = repository.htmlUrl
    ? new URL(repository.htmlUrl).host.toLowerCase()
    : "github.com";
  return {
    host,
    owner: repository.owner.toLowerCase(),
    repo: repository.repo.toLowerCase(),
  };
}

function decodeSegment(segment: string): string | undefined {
  try {
    return decodeURIComponent(segment);
  } catch {
    return undefined;
  }
}
