import type { SkipReason } from "../policy/file-filters.js";
import type { LineHistory } from "./line-history.js";
import type { Deadline } from "../shared/deadline.js";

/**
 * The one interface through which askcode reads code, from GitHub or from a
 * directory on disk. A host resolves a ref to a commit SHA once; everything
 * after reads through a `CodeReader` bound to that SHA, so a run's answers are
 * reproducible and its reads cacheable. Nothing a reader returns is outside
 * the host's one repository.
 */
export interface CodeHost {
  /** Where the code comes from, for logs and reports: "github:octo/hello", "local:/src/app". */
  readonly label: string;
  /**
   * Resolves a branch, tag or SHA (the default branch when omitted) to a commit.
   * Throws `RefNotFoundError` or `EmptyRepositoryError`.
   */
  resolveRef(ref?: string, options?: ReaderOptions): Promise<ResolvedRef>;
  /** A reader bound to one commit (from `resolveRef`), its requests to the run's deadline when given. */
  at(sha: string, options?: ReaderOptions): CodeReader;
}

export interface ReaderOptions {
  /** Every request the reader sends ends by then (hosts that read over the network). */
  deadline?: Deadline;
  /**
   * Paths the repository's configuration excludes (`exclude_paths`): a host
   * that snapshots the commit neither keeps nor counts them, so excluding a
   * large directory can bring a repository under the snapshot cap.
   */
  exclude?: ExcludedPaths;
}

/** The configuration's excluded paths: the patterns (they key what is cached) and their test. */
export interface ExcludedPaths {
  patterns: readonly string[];
  excludes(path: string): boolean;
}

export interface ResolvedRef {
  /** The commit every later read uses (40 hex digits on GitHub and in git checkouts). */
  sha: string;
  /** The ref that was asked for; the default branch's name when none was. */
  ref: string;
  /** The repository's default branch, where the host knows one. */
  defaultBranch?: string;
}

/** Reads one repository at one commit. Every path argument goes through `normalizeRepoPath`. */
export interface CodeReader {
  readonly sha: string;
  /** Searches file contents: pattern search, then path, then tokenized fallbacks (docs/architecture/retrieval.md, 'Three-phase search'). */
  searchCode(query: CodeSearchQuery): Promise<CodeSearchResult>;
  /** Reads a file, optionally a 1-based inclusive line range. Never throws for a missing file. */
  readFile(path: string, options?: ReadFileOptions): Promise<FileContent>;
  /** Lists one directory, or everything below it when `recursive`. */
  listDirectory(
    path: string,
    options?: { recursive?: boolean },
  ): Promise<DirectoryListing>;
  /** Every entry of the commit's tree. */
  listTree(): Promise<TreeListing>;
  /**
   * A stamp that changes whenever `listTree` would list another entry or a
   * listed file's bytes may have changed, taken without listing (a working
   * tree's, from git's index: see `workingTreeStamp`); undefined when the
   * host cannot take one. Only hosts that list at a cost have it.
   */
  treeStamp?(): Promise<DiskStamp | undefined>;
  /**
   * Whether reading every file of the commit costs little here (a snapshot
   * is held) and, when not, why in words. Hosts that read from disk leave it
   * out: for them it always does.
   */
  wholeRepository?(): Promise<WholeRepositoryVerdict>;
  /**
   * The commits that last changed lines `startLine`-`endLine` of a file at
   * this commit (`git blame`), with the pull request that brought each,
   * and what could not be read said in `limits` (never thrown): at most
   * `MAX_HISTORY_LINES` lines, each range read once per reader. Hosts that
   * keep no history (a directory outside git) leave it out.
   */
  lineHistory?(
    path: string,
    startLine: number,
    endLine: number,
  ): Promise<LineHistory>;
}

/** `CodeReader.wholeRepository`'s answer. */
export type WholeRepositoryVerdict =
  | {
      cheap: true;
      /**
       * Files whose bytes the host already read and judged not to be text
       * retrieval reads ("binary", "minified"), so that reading the whole
       * repository asks for them again for nothing.
       */
      skippedByText?: ReadonlyMap<string, SkipReason>;
    }
  | {
      cheap: false;
      /** Why not, for the log and the answer's note: "the tree lists 180 MB of text, over the 50 MB cap". */
      why: string;
    };

export interface CodeSearchQuery {
  /** Text to look for: words, an identifier, a phrase. */
  query: string;
  /** Only paths below this directory (repository-relative). */
  pathPrefix?: string;
  /** Language name as GitHub knows it ("python", "typescript"). */
  language?: string;
  /** File extension without the dot ("ts"). */
  extension?: string;
  /** Exact file name ("package.json"). */
  filename?: string;
  /** At most this many hits (default 20, at most 100). */
  maxResults?: number;
}

/**
 * Which phase produced a hit (docs/architecture/retrieval.md, 'Three-phase search'):
 * - `code-search`: GitHub's code search index;
 * - `pattern`: a literal scan of file contents (local hosts, snapshots);
 * - `path`: the query's tokens matched file paths;
 * - `tokenized`: the query's tokens matched file contents separately.
 */
export type SearchMode = "code-search" | "pattern" | "path" | "tokenized";

export interface CodeSearchHit {
  path: string;
  /** 1-based line of the match; 0 for a path-mode hit. */
  line: number;
  /** The matched line; "[file path match]" for a path-mode hit. */
  matchedLine: string;
  /** A few lines around the match, with the line number of the first. */
  context: { startLine: number; lines: string[] };
  /** Higher is better; comparable within one result only. */
  score: number;
  mode: SearchMode;
  /** The query terms this hit matched. */
  matchedTerms: string[];
}

export interface CodeSearchResult {
  query: string;
  /** The phase whose hits these are (the last phase tried when there are none). */
  mode: SearchMode;
  hits: CodeSearchHit[];
  /** How many matches the phase found in all (may exceed `hits.length`). */
  totalCount: number;
  /** The search did not see everything (GitHub's `incomplete_results`, a scan cap, a truncated tree). */
  incomplete: boolean;
  /** The tokens used by the path and tokenized phases. */
  tokens?: string[];
  /** What happened, in sentences a reader (or a model) can act on. */
  notes: string[];
}

export interface ReadFileOptions {
  /** First line to return, 1-based (default 1). */
  startLine?: number;
  /** Last line to return, inclusive (default: the end). */
  endLine?: number;
}

export type FileContent =
  | TextFile
  | BinaryFile
  | SymlinkEntry
  | SubmoduleEntry
  | DirectoryEntry
  | MissingFile;

export interface TextFile {
  kind: "text";
  path: string;
  /** Git blob SHA, where the host knows it. */
  blobSha?: string;
  /** Size of the whole file in bytes. */
  size: number;
  /** The returned lines, joined with "\n". */
  text: string;
  startLine: number;
  endLine: number;
  /** Lines in the whole file, when the whole file was read. */
  totalLines?: number;
  /** The text stops before the file (or the range asked for) does: size limit. */
  truncated: boolean;
  /** Says where the text was cut and how to read the rest. */
  note?: string;
}

export interface BinaryFile {
  kind: "binary";
  path: string;
  blobSha?: string;
  size: number;
  note: string;
}

export interface SymlinkEntry {
  kind: "symlink";
  path: string;
  /** The link's target as stored, relative to the link. */
  target: string;
  note: string;
}

export interface SubmoduleEntry {
  kind: "submodule";
  path: string;
  /** The commit of the other repository that the submodule pins. */
  commit: string;
  url?: string;
  note: string;
}

export interface DirectoryEntry {
  kind: "directory";
  path: string;
  note: string;
}

export interface MissingFile {
  kind: "missing";
  path: string;
  /** "No such file at <sha>." */
  note: string;
}

export type EntryType = "file" | "dir" | "symlink" | "submodule";

export interface DirectoryListing {
  path: string;
  entries: Array<{
    path: string;
    name: string;
    type: EntryType;
    size?: number;
  }>;
  /** Not every entry is listed (GitHub's 1,000-entry cap on Contents, a truncated tree). */
  truncated: boolean;
  note?: string;
}

export interface TreeEntry {
  path: string;
  type: EntryType;
  /** Bytes, for files. */
  size?: number;
  /** Git object SHA, where the host knows it. */
  sha?: string;
  /** For a file on disk (a working tree, which names no blobs): how it last changed. */
  stamp?: DiskStamp;
}

/**
 * What a file's metadata says of its bytes, as git's index keeps it: the
 * key changes whenever they may have (size, modification and change times,
 * inode). A change within the file system's time granularity of the
 * stamp being taken can go unseen (git's "racily clean" files), so a
 * stamp is trusted only once `changedAtMs` is older than that.
 */
export interface DiskStamp {
  key: string;
  /** The later of the modification and change times, ms since the epoch. */
  changedAtMs: number;
}

export interface TreeListing {
  sha: string;
  entries: TreeEntry[];
  /** GitHub cut the tree (over 100,000 entries or 7 MB). */
  truncated: boolean;
  /** What a truncated tree means and how to see the rest. */
  note?: string;
}

/** Size and scan limits shared by every host. */
export interface ReadLimits {
  /** Files larger than this are cut (reads) or skipped (scans). Default 1 MB. */
  maxFileBytes: number;
}

export const DEFAULT_READ_LIMITS: ReadLimits = { maxFileBytes: 1024 * 1024 };
