import { execFileSync } from "node:child_process";
import { analyzeQuery } from "../../src/retrieval/query/query-analysis.js";
import { pathTable } from "../../src/retrieval/rank/path-table.js";
import { resolvePathMentions } from "../../src/retrieval/rank/resolve-path-mentions.js";
import type { Instance } from "../swebench/load-instances.js";
import { mirrorPath } from "../swebench/mirror-path.js";

/**
 * The files a row's text names that its base commit's tree has, each
 * matched to one file (`resolvePathMentions`, as ranking matches them):
 * what retrieval would rank first among a question's best places, read
 * from the repository's git mirror under `mirrors`.
 *
 * @example
 * const placesOf = questionFilesAt("/work/.mirror");
 * placesOf(row) // ["astropy/io/fits/fitsrec.py"]
 */
export function questionFilesAt(mirrors: string): (row: Instance) => string[] {
  return (row) => {
    const tree = execFileSync(
      "git",
      [
        "--git-dir",
        mirrorPath(mirrors, row.repo),
        "ls-tree",
        "-r",
        "--name-only",
        "-z",
        row.base_commit,
      ],
      { encoding: "utf8", maxBuffer: 256 * 1024 * 1024 },
    )
      .split("\0")
      .filter(Boolean);
    const table = pathTable(tree);
    const mentions = analyzeQuery(row.problem_statement).paths;
    return [
      ...new Set(
        resolvePathMentions(table, mentions)
          .filter((m) => m.scope === "file" && m.matches === 1)
          .map((m) => table.files[m.fileId]!.path),
      ),
    ];
  };
}
