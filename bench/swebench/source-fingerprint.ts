import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";

/**
 * What code produced a result: the commit, whether the tree had changes, and
 * a hash of the retrieval and tokenizer sources as they were on disk (they
 * may be uncommitted while the run happens), so two result files can be told
 * apart or matched.
 */
export function sourceFingerprint(
  root: string,
  dirs: readonly string[] = ["src/retrieval", "src/tokens"],
) {
  const git = (args: string[]): string | undefined => {
    try {
      return execFileSync("git", args, {
        cwd: root,
        encoding: "utf8",
        stdio: ["ignore", "pipe", "ignore"],
      }).trim();
    } catch {
      return undefined;
    }
  };
  const hash = createHash("sha256");
  for (const dir of dirs) {
    let names: string[] = [];
    try {
      names = readdirSync(join(root, dir))
        .filter((n) => n.endsWith(".ts"))
        .sort();
    } catch {
      continue;
    }
    for (const name of names) {
      hash.update(`${dir}/${name}\0`);
      hash.update(readFileSync(join(root, dir, name)));
    }
  }
  return {
    commit: git(["rev-parse", "HEAD"]),
    dirty: (git(["status", "--porcelain", "--", ...dirs]) ?? "") !== "",
    sources: hash.digest("hex").slice(0, 16),
  };
}
