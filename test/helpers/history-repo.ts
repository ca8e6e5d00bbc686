import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { commitAll, git, initRepo, writeFiles } from "./temp-repo.js";

/** The commits of `buildHistoryRepo`'s history, by what each did. */
export interface HistoryRepo {
  root: string;
  /** "Add the upload client": every line, then in `lib/upload-client.ts`. */
  added: string;
  /** "Move the upload client to src/upload.ts": a pure rename. */
  moved: string;
  /** "Retry uploads twice", on the branch pull request #12 merged. */
  retried: string;
  /** "Say what the project does", on the main line while #12 was open. */
  readme: string;
  /** "Merge pull request #12 from octo/retry", its body "Retry failed uploads". */
  merge: string;
  /** "Time out uploads after 30 s (#34)": a squashed pull request. */
  squashed: string;
  /** The tip: the commit every history is read at. */
  head: string;
}

/** `src/upload.ts` at the tip, line by line: whose each line is is in `buildHistoryRepo`. */
export const UPLOAD_AT_HEAD = [
  "export async function upload(file: Blob) {", // 1: added (as lib/upload-client.ts)
  "  const retries = 2;", // 2: retried (#12)
  "  for (let attempt = 0; attempt <= retries; attempt++) {", // 3: retried (#12)
  "    const sent = await send(file);", // 4: added
  "    if (sent.ok) return sent;", // 5: added
  "  }", // 6: added
  "  throw new Error(`upload failed after ${retries} retries`);", // 7: squashed (#34)
  "}", // 8: added
  "const TIMEOUT_MS = 30_000;", // 9: squashed (#34)
];

/**
 * A real git history with what blame must see through: a file added under
 * one path and moved, a pull request's branch merged with GitHub's "Merge
 * pull request #12 from …" commit, and a squashed pull request "(#34)" on
 * the main line. Remove `root` with `removeDir`.
 *
 * @example
 * const repo = buildHistoryRepo(); // repo.head: the tip's SHA
 */
export function buildHistoryRepo(): HistoryRepo {
  const root = initRepo();
  const first = [
    UPLOAD_AT_HEAD[0],
    "  const retries = 0;",
    "  for (let i = 0; i <= retries; i++) {",
    UPLOAD_AT_HEAD[3],
    UPLOAD_AT_HEAD[4],
    UPLOAD_AT_HEAD[5],
    "  throw new Error(`upload failed`);",
    UPLOAD_AT_HEAD[7],
  ];
  writeFiles(root, {
    "lib/upload-client.ts": `${first.join("\n")}\n`,
    "README.md": "# uploads\n",
  });
  const added = commitAll(root, "Add the upload client");
  mkdirSync(join(root, "src"));
  git(root, "mv", "lib/upload-client.ts", "src/upload.ts");
  const moved = commitAll(root, "Move the upload client to src/upload.ts");

  git(root, "checkout", "--quiet", "-b", "retry");
  const retriedLines = [...first];
  retriedLines[1] = UPLOAD_AT_HEAD[1]!;
  retriedLines[2] = UPLOAD_AT_HEAD[2]!;
  writeFiles(root, { "src/upload.ts": `${retriedLines.join("\n")}\n` });
  const retried = commitAll(root, "Retry uploads twice");

  git(root, "checkout", "--quiet", "main");
  writeFiles(root, { "README.md": "# uploads\n\nSends files.\n" });
  const readme = commitAll(root, "Say what the project does");
  git(
    root,
    "merge",
    "--quiet",
    "--no-ff",
    "-m",
    "Merge pull request #12 from octo/retry\n\nRetry failed uploads",
    "retry",
  );
  const merge = git(root, "rev-parse", "HEAD");

  writeFiles(root, { "src/upload.ts": `${UPLOAD_AT_HEAD.join("\n")}\n` });
  const squashed = commitAll(root, "Time out uploads after 30 s (#34)");
  return {
    root,
    added,
    moved,
    retried,
    readme,
    merge,
    squashed,
    head: squashed,
  };
}
