import { readFileSync } from "node:fs";
import { join } from "node:path";
import { HELLO_WORLD } from "./nock-github.js";
import { git, makeTempDir, removeDir } from "./temp-repo.js";

/**
 * The gzipped tarball git itself writes for `HEAD` of a repository on disk,
 * under the top directory GitHub's codeload gives it
 * (`<owner>-<repo>-<short sha>/`): real archive bytes, pax headers and all.
 *
 * @example
 * const gzip = gitArchive(root); // then nockTarball({ gzip })
 */
export function gitArchive(
  root: string,
  prefix = `${HELLO_WORLD.owner}-${HELLO_WORLD.repo}-${HELLO_WORLD.sha.slice(0, 7)}`,
): Buffer {
  const dir = makeTempDir("askcode-archive-");
  try {
    const out = join(dir, "archive.tar.gz");
    git(
      root,
      "archive",
      "--format=tar.gz",
      `--prefix=${prefix}/`,
      "-o",
      out,
      "HEAD",
    );
    return readFileSync(out);
  } finally {
    removeDir(dir);
  }
}
