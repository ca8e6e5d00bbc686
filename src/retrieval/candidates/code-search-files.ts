import type { CodeReader } from "../../code-host/code-host.js";

/**
 * The files code search names for a question's queries, one request per
 * query (GitHub allows 10 a minute; the caller passes at most three), each
 * query's hits in the order found. The queries' lists are taken in turn, one
 * file each, so the second query's best hit is not ranked below the first
 * query's fortieth. `keep` says which paths may be read at all.
 *
 * @example
 * await codeSearchFiles(reader, ["retryUpload", "retry upload give"], 40, (p) => true)
 * // ["src/upload.ts", "src/retry.ts", "test/upload.test.ts", …]
 */
export async function codeSearchFiles(
  reader: CodeReader,
  queries: readonly string[],
  max: number,
  keep: (path: string) => boolean,
): Promise<string[]> {
  const lists: string[][] = [];
  for (const query of queries) {
    const result = await reader.searchCode({ query, maxResults: max });
    lists.push(result.hits.map((hit) => hit.path).filter(keep));
  }
  const out = new Set<string>();
  const longest = Math.max(0, ...lists.map((list) => list.length));
  for (let i = 0; i < longest && out.size < max; i++)
    for (const list of lists) {
      const path = list[i];
      if (path !== undefined && out.size < max) out.add(path);
    }
  return [...out];
}
