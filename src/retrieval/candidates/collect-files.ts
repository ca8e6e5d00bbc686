import { mapLimit } from "../../code-host/file-set/map-limit.js";
import type { CodeReader } from "../../code-host/code-host.js";
import {
  DEFAULT_MAX_FILE_BYTES,
  skipReason,
  skipReasonForText,
} from "../../policy/file-filters.js";
import { analyzeQuery } from "../query/query-analysis.js";
import { readRepositoryFiles } from "../read-repository-files.js";
import type { SourceFile } from "../types.js";
import { candidatesNote } from "./candidates-note.js";
import { codeSearchFiles } from "./code-search-files.js";
import { mergeCandidates, type Candidate } from "./merge-candidates.js";
import { namedFiles } from "./named-files.js";
import { searchTreePaths } from "./search-tree-paths.js";

export interface CollectedFiles {
  files: SourceFile[];
  /**
   * "repository": every text file was read (one snapshot request on GitHub);
   * "candidates": the repository is too large, so only the files the
   * question names, code search and path search found were read.
   */
  mode: "repository" | "candidates";
  /** Why candidates and where they came from, in words, for the log and the model. */
  note?: string;
}

export interface CollectFilesOptions {
  /** The most text a whole repository is read up to (the snapshot cap). */
  maxRepositoryBytes: number;
  /** At most this many candidate files are read (each is a request on GitHub). Default 40. */
  maxCandidateFiles?: number;
  /** At most this many bytes of candidate files, by the tree listing's sizes. Default 8 MiB. */
  maxCandidateBytes?: number;
  /** Paths the repository's configuration excludes, and secrets: never read. */
  exclude: (path: string) => boolean;
  /**
   * The question with its issue: the files, symbols and words it names pick
   * the candidates. Without it only code search (`queries`) names them.
   */
  question?: string;
}

/** Today's request budget per question in candidates mode. */
export const DEFAULT_MAX_CANDIDATE_FILES = 40;
/**
 * 40 files of a large Python or TypeScript project average well under
 * 100 KB; 8 MiB lets a few big modules in without one 500 KB generated table
 * after another filling the index, and indexes in well under a second.
 */
export const DEFAULT_MAX_CANDIDATE_BYTES = 8 * 1024 * 1024;
// Reads in flight at once: each is a request on GitHub.
const READ_CONCURRENCY = 8;

/**
 * The files retrieval ranks for one question. When the host says reading
 * every file is cheap (`CodeReader.wholeRepository`; hosts on disk always
 * do), the repository is read whole, up to the snapshot cap: ranking every
 * chunk beats any search index. Otherwise each file costs a request, so
 * askcode reads candidates, in this order (`mergeCandidates`): the files the
 * question names (paths, file names, stack frames, modules, matched against
 * the tree listing), then code search's hits for `queries` and path search's
 * ranking of the tree listing by the question's terms, in turns. Every
 * candidate passes retrieval's file filters before it is read and again on
 * its text.
 *
 * @example
 * const { files, mode, note } = await collectFiles(reader, candidateQueries(question), {
 *   maxRepositoryBytes: 50 * 1024 * 1024, exclude, question,
 * });
 * note // "…; read 38 files: 4 named in the question, 12 from code search, 22 from path search"
 */
export async function collectFiles(
  reader: CodeReader,
  queries: readonly string[],
  options: CollectFilesOptions,
): Promise<CollectedFiles> {
  const verdict = (await reader.wholeRepository?.()) ?? { cheap: true };
  if (verdict.cheap) {
    const { files } = await readRepositoryFiles(reader, {
      exclude: options.exclude,
      maxTotalBytes: options.maxRepositoryBytes,
      ...(verdict.skippedByText
        ? { skippedByText: verdict.skippedByText }
        : {}),
    });
    return { files, mode: "repository" };
  }
  const chosen = await chooseCandidates(reader, queries, options);
  const read = await mapLimit(chosen, READ_CONCURRENCY, (candidate) =>
    readCandidate(reader, candidate),
  );
  const files: SourceFile[] = [];
  const sources: Candidate[] = [];
  read.forEach((file, i) => {
    if (file === undefined) return;
    files.push(file);
    sources.push(chosen[i] as Candidate);
  });
  return {
    files,
    mode: "candidates",
    note: candidatesNote(verdict.why, sources),
  };
}

async function chooseCandidates(
  reader: CodeReader,
  queries: readonly string[],
  options: CollectFilesOptions,
): Promise<Candidate[]> {
  const maxFiles = options.maxCandidateFiles ?? DEFAULT_MAX_CANDIDATE_FILES;
  const filters = { exclude: options.exclude };
  const tree = await reader.listTree();
  const sizes = new Map<string, number | undefined>();
  for (const entry of tree.entries)
    if (entry.type === "file" && !skipReason(entry.path, entry.size, filters))
      sizes.set(entry.path, entry.size);
  const listed = [...sizes.keys()];
  // Code search indexes the default branch: a hit the commit's (whole)
  // tree does not list is not there to read.
  const readable = (path: string): boolean =>
    sizes.has(path) ||
    (tree.truncated && skipReason(path, undefined, filters) === undefined);
  const analysis = analyzeQuery(options.question ?? "");
  return mergeCandidates(
    {
      named: namedFiles(listed, analysis.paths),
      codeSearch: await codeSearchFiles(reader, queries, maxFiles, readable),
      pathSearch: searchTreePaths(listed, analysis.terms, maxFiles),
    },
    (path) => sizes.get(path),
    {
      maxFiles,
      maxBytes: options.maxCandidateBytes ?? DEFAULT_MAX_CANDIDATE_BYTES,
    },
    DEFAULT_MAX_FILE_BYTES,
  );
}

/** A candidate's text, or undefined when retrieval would not read it. */
async function readCandidate(
  reader: CodeReader,
  candidate: Candidate,
): Promise<SourceFile | undefined> {
  const content = await reader.readFile(candidate.path);
  if (
    content.kind !== "text" ||
    content.truncated ||
    content.size > DEFAULT_MAX_FILE_BYTES ||
    skipReasonForText(content.text)
  )
    return undefined;
  return {
    path: candidate.path,
    text: content.text,
    ...(content.blobSha === undefined ? {} : { blobSha: content.blobSha }),
  };
}
