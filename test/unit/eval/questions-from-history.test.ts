import { spawnSync } from "node:child_process";
import { questionsFromHistory } from "../../../src/eval/questions-from-history.js";
import {
  commitAll,
  git,
  initRepo,
  removeDir,
  writeFiles,
} from "../../helpers/temp-repo.js";

const LONG =
  "Retry the upload when the server closes the connection early, because a half-sent body would otherwise be reported as a success to the caller.";
const LONG_RETRY =
  "Give up on the retry after five attempts instead of looping forever when the server keeps answering with a transient error status.";

const upload = (n: number) =>
  Array.from({ length: 12 }, (_, i) =>
    i === 6 ? `export const attempt = ${n};` : `// upload line ${i + 1}`,
  ).join("\n") + "\n";

/** Commits everything as `identity` (author and committer unless `committer` says otherwise). */
function commitAs(
  root: string,
  message: string,
  author: { name: string; email: string },
  committer = author,
): string {
  git(root, "add", "--all");
  const run = spawnSync("git", ["commit", "--quiet", "-m", message], {
    cwd: root,
    encoding: "utf8",
    env: {
      ...process.env,
      GIT_CONFIG_NOSYSTEM: "1",
      GIT_CONFIG_GLOBAL: "/dev/null",
      GIT_AUTHOR_NAME: author.name,
      GIT_AUTHOR_EMAIL: author.email,
      GIT_COMMITTER_NAME: committer.name,
      GIT_COMMITTER_EMAIL: committer.email,
      GIT_AUTHOR_DATE: "2025-01-01T00:00:00Z",
      GIT_COMMITTER_DATE: "2025-01-01T00:00:00Z",
    },
  });
  if (run.status !== 0) throw new Error(run.stderr);
  return git(root, "rev-parse", "HEAD");
}

describe("questionsFromHistory", () => {
  let root: string;
  const sha: Record<string, string> = {};

  beforeAll(() => {
    root = initRepo();
    writeFiles(root, {
      "src/upload.ts": upload(0),
      "src/retry.ts": "export const limit = 3;\n",
      "src/a.ts": "a\n",
      "src/b.ts": "b\n",
      "README.md": "# Uploads\n",
    });
    sha.root = commitAll(root, `Import the uploader. ${LONG}`);
    writeFiles(root, { "src/upload.ts": upload(1) });
    sha.qualifies = commitAll(
      root,
      `${LONG}\n\nSigned-off-by: Ada <ada@example.com>\nReviewed-by: Bob <bob@example.com>`,
    );
    writeFiles(root, { "src/retry.ts": "export const limit = 4;\n" });
    sha.botAuthor = commitAs(root, LONG_RETRY, {
      name: "dependabot[bot]",
      email: "49699333+dependabot[bot]@users.noreply.github.com",
    });
    writeFiles(root, { "src/retry.ts": "export const limit = 5;\n" });
    sha.botCommitter = commitAs(
      root,
      LONG_RETRY,
      { name: "Ada", email: "ada@example.com" },
      { name: "Renovate Bot", email: "bot@renovateapp.com" },
    );
    writeFiles(root, { "src/upload.ts": upload(2) });
    sha.short = commitAll(root, "Fix the attempt count.");
    writeFiles(root, { "README.md": "# Uploads, retried\n" });
    sha.docs = commitAll(root, LONG);
    // A side branch merged without fast-forward: only the merge is on the
    // first-parent line, and merges are not questions.
    git(root, "checkout", "--quiet", "-b", "side");
    writeFiles(root, { "src/retry.ts": "export const limit = 6;\n" });
    sha.side = commitAll(root, LONG_RETRY);
    git(root, "checkout", "--quiet", "main");
    git(root, "merge", "--quiet", "--no-ff", "side", "-m", LONG_RETRY);
    sha.merge = git(root, "rev-parse", "HEAD");
    writeFiles(root, {
      "src/upload.ts": upload(3),
      "src/retry.ts": "export const limit = 7;\n",
      "src/a.ts": "a2\n",
      "src/b.ts": "b2\n",
    });
    sha.fourFiles = commitAll(root, LONG);
    writeFiles(root, {
      "src/upload.ts": upload(4),
      "src/new.ts": "export {};\n",
    });
    sha.added = commitAll(root, LONG);
    writeFiles(root, { "src/retry.ts": "export const limit = 8;\n" });
    sha.head = commitAll(root, LONG_RETRY);
  });

  afterAll(() => removeDir(root));

  it("asks each qualifying first-parent commit's message at its parent, newest first, and says why the others were passed over", () => {
    const mined = questionsFromHistory({
      mirror: root,
      commit: "HEAD",
      count: 30,
    });
    expect(mined.questions.map((q) => q.base_commit)).toEqual([
      sha.added,
      sha.root,
    ]);
    const [newest, oldest] = mined.questions;
    expect(newest).toMatchObject({
      problem_statement: LONG_RETRY,
      gold_files: ["src/retry.ts"],
      gold_hunks: { "src/retry.ts": [[1, 1]] },
      language: "typescript",
    });
    // Trailers say who, not what: they are no part of the question.
    expect(oldest).toMatchObject({
      instance_id: expect.stringMatching(
        new RegExp(`^local/askcode-repo-.+@${sha.qualifies?.slice(0, 10)}$`),
      ),
      problem_statement: LONG,
      gold_files: ["src/upload.ts"],
      // The hunk's old side: line 7 changed, with three lines of context each side.
      gold_hunks: { "src/upload.ts": [[4, 7]] },
    });
    // The root commit has no parent to ask at, and the merge and the side
    // branch's commit are not on the first-parent, non-merge line: neither is read.
    expect(mined.scanned).toBe(8);
    expect(mined.skipped).toEqual({
      bot: 2,
      "not-source": 2,
      "too-many-files": 1,
      "short-message": 1,
      "no-gold": 0,
    });
    const asked = mined.questions.map((q) => q.instance_id);
    for (const name of ["side", "merge", "botAuthor", "botCommitter"])
      expect(asked.join()).not.toContain(sha[name]?.slice(0, 10));
  });

  it("stops at `count` questions, and takes its thresholds from the options", () => {
    expect(
      questionsFromHistory({ mirror: root, commit: "HEAD", count: 1 }),
    ).toMatchObject({
      questions: [{ problem_statement: LONG_RETRY }],
      scanned: 1,
    });
    const wider = questionsFromHistory({
      mirror: root,
      commit: "HEAD",
      count: 30,
      maxFiles: 4,
      minWords: 4,
    });
    expect(wider.questions.map((q) => q.base_commit)).toEqual([
      sha.added,
      sha.merge,
      sha.botCommitter,
      sha.root,
    ]);
    expect(wider.questions[1]?.gold_files).toEqual([
      "src/a.ts",
      "src/b.ts",
      "src/retry.ts",
      "src/upload.ts",
    ]);
  });

  it("reads the history back from the ref it is given", () => {
    const mined = questionsFromHistory({
      mirror: root,
      commit: sha.short as string,
      count: 30,
    });
    expect(mined.questions.map((q) => q.base_commit)).toEqual([sha.root]);
  });
});
