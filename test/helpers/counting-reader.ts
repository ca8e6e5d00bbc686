import type { CodeReader } from "../../src/code-host/code-host.js";

/** A reader that counts what it was asked: the paths read, and the listings of the whole tree. */
export interface CountingReader {
  reader: CodeReader;
  reads: string[];
  listings(): number;
}

/**
 * `reader` as it is, with its reads and whole-tree listings counted, and
 * its tree's stamp taken by `treeStamp` instead when given (a test's stamp
 * that moves).
 *
 * @example
 * const counted = countingReader(host.at(sha));
 * await indexCheckout(counted.reader, deps);
 * counted.reads // ["src/sleep.py", "src/upload.py"]
 */
export function countingReader(
  reader: CodeReader,
  treeStamp?: CodeReader["treeStamp"],
): CountingReader {
  const reads: string[] = [];
  let listings = 0;
  const stamp = treeStamp ?? reader.treeStamp?.bind(reader);
  return {
    reads,
    listings: () => listings,
    reader: {
      ...reader,
      ...(stamp && { treeStamp: stamp }),
      sha: reader.sha,
      listTree: () => {
        listings++;
        return reader.listTree();
      },
      listDirectory: (path) => reader.listDirectory(path),
      searchCode: (query) => reader.searchCode(query),
      readFile: (path, options) => {
        reads.push(path);
        return reader.readFile(path, options);
      },
    },
  };
}
