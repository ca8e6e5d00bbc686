import { execFileSync } from "node:child_process";
import { basename, dirname } from "node:path";
import { goldFromPatch } from "./gold-from-patch.js";
import type { Instance } from "./instance.js";

/** Extensions of the files a history question's fix may touch: source code, not docs or data. */
const SOURCE_EXTENSIONS =
  /\.(c|h|cc|cpp|hpp|java|kt|scala|py|js|ts|go|rs|rb|vim|sh|cs|swift|m)$/;
/** Trailer lines (`Reviewers:`, `Signed-off-by:`, …) say who, not what. */
const TRAILER = /^[A-Za-z-]+(-by)?: /;
/** How far back the history is searched for questions. */
const COMMITS_SCANNED = 3000;

/**
 * Questions about a repository from its own history, for repositories the
 * SWE-bench split does not have (a proxy, not SWE-bench): the `count` most
 * recent first-parent, non-merge commits before `commit` that change 1 to 3
 * files, all of them source files that existed before, and whose message
 * (trailers dropped) is over 15 words. Each becomes an instance: the message
 * is the question, the parent the base commit, the commit's diff the gold
 * (`goldFromPatch`, three lines of context as SWE-bench's patches have).
 * The repository's name is the mirror's directory, `owner+name/repo` or
 * `owner+name`.
 *
 * @example
 * questionsFromHistory({ mirror: "bench/mirrors/vim+vim/repo", commit: "HEAD", count: 10 })
 * // [{ instance_id: "vim/vim@1a2b3c4", repo: "vim/vim", base_commit: "<parent>", problem_statement: "patch 9.1.0990: …", … }]
 */
export function questionsFromHistory(options: {
  mirror: string;
  commit: string;
  count: number;
}): Instance[] {
  const git = (args: string[]) =>
    execFileSync("git", ["-C", options.mirror, ...args], {
      maxBuffer: 512 * 1024 * 1024,
    }).toString("utf8");
  const repo = repositoryName(options.mirror);
  const log = git([
    "log",
    "--first-parent",
    "--no-merges",
    `-n${COMMITS_SCANNED}`,
    "--format=%x01%H %P%x00%B%x00",
    "--name-status",
    options.commit,
  ]);
  const out: Instance[] = [];
  for (const record of log.split("\x01")) {
    if (out.length >= options.count) break;
    const [head, body, changes] = record.split("\x00");
    const [sha, parent] = (head ?? "").split(" ");
    if (!sha || !parent) continue;
    const changed = (changes ?? "")
      .split("\n")
      .filter(Boolean)
      .map((line) => line.split("\t"));
    if (
      changed.length < 1 ||
      changed.length > 3 ||
      !changed.every(
        ([status, path]) =>
          status === "M" && path !== undefined && SOURCE_EXTENSIONS.test(path),
      )
    )
      continue;
    const message = (body ?? "")
      .split("\n")
      .filter((line) => !TRAILER.test(line.trim()))
      .join("\n")
      .trim();
    if (message.split(/\s+/).length <= 15) continue;
    const gold = goldFromPatch(git(["diff", parent, sha]));
    if (gold.gold_files.length === 0) continue;
    out.push({
      instance_id: `${repo}@${sha.slice(0, 10)}`,
      repo,
      base_commit: parent,
      problem_statement: message,
      ...gold,
    });
  }
  return out;
}

// "…/apache+kafka/repo" → "apache/kafka"; a directory without "+" is its own name.
function repositoryName(mirror: string): string {
  const clean = mirror.replace(/\/+$/, "");
  const name =
    basename(clean) === "repo" ? basename(dirname(clean)) : basename(clean);
  const [owner, repo] = name.replace(/\.git$/, "").split("+");
  return repo ? `${owner}/${repo}` : `local/${owner}`;
}
