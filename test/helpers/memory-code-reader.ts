import type {
  CodeReader,
  DirectoryListing,
  FileContent,
  TreeEntry,
} from "../../src/code-host/code-host.js";

/** A file of a memory reader: text, or bytes that read as binary. */
export type MemoryCodeFile = string | Uint8Array;

/** A `CodeReader` over files in memory that records every path it reads, for retrieval tests. */
export interface MemoryCodeReader extends CodeReader {
  reads: string[];
}

/**
 * A tiny in-memory `CodeReader`: enough for retrieval (tree, reads) and
 * nothing more. Search is not implemented; retrieval does not use it.
 */
export function createMemoryCodeReader(
  files: Record<string, MemoryCodeFile>,
  sha = "0".repeat(40),
): MemoryCodeReader {
  const reads: string[] = [];
  const size = (file: MemoryCodeFile): number =>
    typeof file === "string" ? Buffer.byteLength(file) : file.length;
  const entries: TreeEntry[] = Object.entries(files).map(([path, file]) => ({
    path,
    type: "file",
    size: size(file),
  }));
  return {
    sha,
    reads,
    async searchCode() {
      throw new Error("searchCode is not implemented by the memory reader");
    },
    async readFile(path, options = {}): Promise<FileContent> {
      reads.push(path);
      const file = files[path];
      if (file === undefined)
        return { kind: "missing", path, note: `No such file at ${sha}.` };
      if (typeof file !== "string")
        return {
          kind: "binary",
          path,
          size: file.length,
          note: "Binary file.",
        };
      const lines = file.split("\n");
      const startLine = options.startLine ?? 1;
      const endLine = options.endLine ?? lines.length;
      return {
        kind: "text",
        path,
        size: size(file),
        text:
          startLine === 1 && options.endLine === undefined
            ? file
            : lines.slice(startLine - 1, endLine).join("\n"),
        startLine,
        endLine,
        totalLines: lines.length,
        truncated: false,
      };
    },
    async listDirectory(path): Promise<DirectoryListing> {
      const prefix = path === "" ? "" : `${path}/`;
      return {
        path,
        entries: entries
          .filter((e) => e.path.startsWith(prefix))
          .map((e) => ({
            path: e.path,
            name: e.path.slice(e.path.lastIndexOf("/") + 1),
            type: e.type,
            size: e.size,
          })),
        truncated: false,
      };
    },
    async listTree() {
      return { sha, entries, truncated: false };
    },
  };
}
