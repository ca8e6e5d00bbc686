import { execFileSync } from "node:child_process";
import { basename, dirname } from "node:path";
import { goldFromPatch } from "./gold-from-patch.js";
import type { Instance } from "./instance.js";
import { isBotIdentity } from "./is-bot-identity.js";
import { questionLanguage } from "./question-language.js";

/**
 * Extensions of the files a history question's fix may touch: source code,
 * not docs, data or build files. Widening it changes which commits the
 * pinned training corpus holds (bench/corpus: `.mjs` adds a mocha commit),
 * so it changes only with a new corpus.
 */
const SOURCE_EXTENSIONS =
  /\.(c|h|cc|cpp|hpp|java|kt|scala|py|js|ts|go|rs|rb|vim|sh|cs|swift|m)$/;
/** Trailer lines (`Reviewers:`, `Signed-off-by:`, …) say who, not what. */
const TRAILER = /^[A-Za-z-]+(-by)?: /;

/** What makes a commit a question, and how far back to look. */
export const HISTORY_DEFAULTS = {
  /** At most this many files changed, every one a modified source file. */
  maxFiles: 3,
  /** At least this many words in the message, trailers dropped. */
  minWords: 16,
  /** First-parent commits read, newest first. */
  scan: 3000,
} as const;

export interface HistoryOptions {
  /** A git repository: a checkout or a bare one (a mirror). */
  mirror: string;
  /** Where the history is read back from: a branch, tag or commit. */
  commit: string;
  /** How many questions at most: the most recent qualifying commits. */
  count: number;
  maxFiles?: number;
  minWords?: number;
  scan?: number;
}

/** Why a first-parent, non-merge commit was not made a question. */
export type HistorySkip =
  "bot" | "not-source" | "too-many-files" | "short-message" | "no-gold";

export interface HistoryQuestions {
  /** Newest first. */
  questions: Instance[];
  /** First-parent, non-merge commits read until `count` questions were found (or the history or `scan` ran out). */
  scanned: number;
  /** The commits read that were passed over, by reason. */
  skipped: Record<HistorySkip, number>;
}

/**
 * Questions about a repository from its own history, for repositories the
 * SWE-bench split does not have (a proxy, not SWE-bench): the `count` most
 * recent first-parent, non-merge commits before `commit` that
 * - were neither written nor committed by a bot (`isBotIdentity`),
 * - change 1 to `maxFiles` files, all of them source files that existed
 *   before (a docs-only change, an added file, a rename are not questions),
 * - have a message of at least `minWords` words once its trailers are dropped.
 * Each becomes an instance: the message is the question, the parent the base
 * commit, the commit's diff the gold (`goldFromPatch`, three lines of context
 * as SWE-bench's patches have), and the language of most changed files its
 * `language` (`questionLanguage`). The repository's name is the mirror's
 * directory, `owner+name/repo` or `owner+name`, else `local/<directory>`.
 *
 * Git reads only objects: no checkout, no working tree.
 *
 * @example
 * questionsFromHistory({ mirror: "bench/mirrors/vim+vim/repo", commit: "HEAD", count: 10 })
 * // { questions: [{ instance_id: "vim/vim@1a2b3c4d5e", repo: "vim/vim", base_commit: "<parent>", problem_statement: "patch 9.1.0990: …", … }],
 * //   scanned: 41, skipped: { bot: 0, "not-source": 22, "too-many-files": 6, "short-message": 3, "no-gold": 0 } }
 */
export function questionsFromHistory(
  options: HistoryOptions,
): HistoryQuestions {
  const maxFiles = options.maxFiles ?? HISTORY_DEFAULTS.maxFiles;
  const minWords = options.minWords ?? HISTORY_DEFAULTS.minWords;
  const git = (args: string[]) =>
    execFileSync("git", ["-C", options.mirror, ...args], {
      maxBuffer: 512 * 1024 * 1024,
      stdio: ["ignore", "pipe", "pipe"],
    }).toString("utf8");
  const repo = repositoryName(options.mirror);
  // Options that a user's git configuration could otherwise change
  // (log.showSignature, color.ui, diff.noprefix, diff.context, diff.algorithm):
  // the gold must not depend on whose machine mined it.
  const log = git([
    "log",
    "--first-parent",
    "--no-merges",
    "--no-show-signature",
    "--no-color",
    `-n${options.scan ?? HISTORY_DEFAULTS.scan}`,
    "--format=%x01%H %P%x00%an%x00%ae%x00%cn%x00%ce%x00%B%x00",
    "--name-status",
    options.commit,
    "--",
  ]);
  const result: HistoryQuestions = {
    questions: [],
    scanned: 0,
    skipped: {
      bot: 0,
      "not-source": 0,
      "too-many-files": 0,
      "short-message": 0,
      "no-gold": 0,
    },
  };
  for (const record of log.split("\x01")) {
    if (result.questions.length >= options.count) break;
    const [
      head,
      author,
      authorEmail,
      committer,
      committerEmail,
      body,
      changes,
    ] = record.split("\x00");
    const [sha, parent] = (head ?? "").split(" ");
    if (!sha || !parent) continue;
    result.scanned++;
    const skip = skipReason({
      identities: [
        { name: author ?? "", email: authorEmail ?? "" },
        { name: committer ?? "", email: committerEmail ?? "" },
      ],
      changed: (changes ?? "")
        .split("\n")
        .filter(Boolean)
        .map((line) => line.split("\t")),
      words: questionText(body ?? "").split(/\s+/).length,
      maxFiles,
      minWords,
    });
    if (skip) {
      result.skipped[skip]++;
      continue;
    }
    const gold = goldFromPatch(
      git([
        "diff",
        "--no-color",
        "--no-ext-diff",
        "--src-prefix=a/",
        "--dst-prefix=b/",
        "-U3",
        "--diff-algorithm=myers",
        parent,
        sha,
        "--",
      ]),
    );
    if (gold.gold_files.length === 0) {
      result.skipped["no-gold"]++;
      continue;
    }
    result.questions.push({
      instance_id: `${repo}@${sha.slice(0, 10)}`,
      repo,
      base_commit: parent,
      problem_statement: questionText(body ?? ""),
      ...gold,
      language: questionLanguage(gold.gold_files),
    });
  }
  return result;
}

/** The commit's message without its trailers: the question. */
function questionText(message: string): string {
  return message
    .split("\n")
    .filter((line) => !TRAILER.test(line.trim()))
    .join("\n")
    .trim();
}

function skipReason(commit: {
  identities: Array<{ name: string; email: string }>;
  /** `git log --name-status` lines: [status, path, (new path)]. */
  changed: string[][];
  words: number;
  maxFiles: number;
  minWords: number;
}): HistorySkip | undefined {
  if (commit.identities.some(isBotIdentity)) return "bot";
  if (
    commit.changed.length === 0 ||
    !commit.changed.every(
      ([status, path]) =>
        status === "M" && path !== undefined && SOURCE_EXTENSIONS.test(path),
    )
  )
    return "not-source";
  if (commit.changed.length > commit.maxFiles) return "too-many-files";
  if (commit.words < commit.minWords) return "short-message";
  return undefined;
}

// "…/apache+kafka/repo" → "apache/kafka"; a directory without "+" is its own name.
function repositoryName(mirror: string): string {
  const clean = mirror.replace(/\/+$/, "");
  const name =
    basename(clean) === "repo" ? basename(dirname(clean)) : basename(clean);
  const [owner, repo] = name.replace(/\.git$/, "").split("+");
  return repo ? `${owner}/${repo}` : `local/${owner}`;
}
