import type {
  IndexedFile,
  RepositoryIndex,
} from "../index/index-repository.js";
import { namesWrittenAsCode } from "../query/names-written-as-code.js";
import type { RankedChunk } from "../rank/rank-chunks.js";
import type {
  DeclaredDependency,
  Ecosystem,
  LineOfFile,
} from "./declared-dependency.js";
import type { FileImport } from "./file-import.js";
import { importsOfFile, type ImportsOfFile } from "./imports-of-file.js";
import { namesGivenBy } from "./names-given-by.js";
import { repositoryDependencies } from "./repository-dependencies.js";

/** A package outside the repository that the best evidence for a question points at. */
export interface OutsideDependency {
  ecosystem: Ecosystem;
  /** The package as code imports it: "router", "urllib3", "serde_json", "github.com/spf13/pflag". */
  name: string;
  /** The manifest line that declares it. */
  declared: LineOfFile;
  /** Its import in the file of the chunk that uses it. */
  imported: LineOfFile;
  /** The line of that chunk where the question meets it. */
  used: LineOfFile;
  /**
   * What ties the question to it, and by which name: "named", the question
   * writes the package's name, or a name its import binds, as code;
   * "not-defined-here", a name the question writes as code, which no file
   * of the repository declares, is one the package gives the line that
   * uses it (a parameter of a callback handed to it, a member of it).
   */
  link: { how: "named" | "not-defined-here"; name: string };
  /** The chunk's place in the ranking (1: the best). */
  rank: number;
}

export interface FindOutsideInput {
  index: RepositoryIndex;
  /** The question (and its thread) as retrieval read it. */
  question: string;
  ranked: readonly RankedChunk[];
}

export interface FindOutsideOptions {
  /** Ranked chunks looked at, best first (default 8): the ones any answer shows. */
  topChunks?: number;
  /** Packages named at most (default 3). */
  maxPackages?: number;
}

// Imports are read once per file of an index, however many questions rank it.
const importsByFile = new WeakMap<IndexedFile, ImportsOfFile | null>();

/**
 * The packages the repository does not hold that the best-ranked code leads
 * the question into. Among the best `topChunks` chunks of code (tests and
 * docs aside), a package counts when
 *
 * 1. the chunk's file imports it, a manifest of the repository declares it
 *    (package.json, the Python manifests, Cargo.toml, go.mod) and no
 *    package of the repository has its name (`repositoryDependencies`);
 * 2. a line of the chunk uses it (`namesGivenBy`);
 * 3. the question writes, as code (`namesWrittenAsCode`), the package's
 *    name or a name its import binds that the repository declares nowhere
 *    (an import binding a name does not declare it); or a name that the
 *    repository declares nowhere and the package gives that line.
 *
 * Each package found keeps the lines that make the case: where it is
 * declared, imported and used. Best-ranked chunk first; none for a
 * repository without manifests.
 *
 * @example
 * findOutsideDependencies({ index, question: "how does next(err) choose an error handler", ranked })
 * // [{ name: "router", declared: { path: "package.json", line: 57, … }, imported: { path: "lib/application.js", line: 26, … },
 * //    used: { path: "lib/application.js", line: 230, text: "router.use(path, function mounted_app(req, res, next) {" },
 * //    link: { how: "not-defined-here", name: "next" }, rank: 3 }]
 */
export function findOutsideDependencies(
  input: FindOutsideInput,
  options: FindOutsideOptions = {},
): OutsideDependency[] {
  const { index } = input;
  const table = repositoryDependencies(index.files);
  if (table.declaredCount === 0) return [];
  const asCode = namesWrittenAsCode(input.question);
  if (asCode.size === 0) return [];
  const foreign = (name: string) =>
    asCode.has(name.toLowerCase()) && !declaredHere(index, name);
  const found = new Map<string, OutsideDependency>();
  const maxPackages = options.maxPackages ?? 3;
  const top = input.ranked.slice(0, options.topChunks ?? 8);
  for (const [i, { chunk }] of top.entries()) {
    const file = index.files[chunk.fileId];
    const ofFile = file?.kind === "code" ? importsOf(file) : undefined;
    if (!file || !ofFile) continue;
    for (const imported of ofFile.imports) {
      const declared = table.dependencyOf(
        ofFile.ecosystem,
        imported.specifier,
        file.path,
      );
      if (!declared || found.has(declared.name)) continue;
      const named = [declared.name, ...imported.bindings].find((name) =>
        name === declared.name
          ? namesPackage(input.question, name, asCode)
          : foreign(name),
      );
      const uses = new Set([...imported.bindings, declared.name]);
      // A name no code can hold (`body-parser`) is shown by any of its uses.
      const meeting = named
        ? namedAt(chunk, file, imported, uses, {
            name: named,
            shownBy: /^[\w$]+$/.test(named) ? new Set([named]) : uses,
          })
        : givenAt(
            chunk,
            imported,
            uses,
            (name) => name.length >= 3 && foreign(name),
          );
      if (!meeting) continue;
      found.set(declared.name, {
        ecosystem: declared.ecosystem,
        name: declared.name,
        declared: {
          path: declared.path,
          line: declared.line,
          text: declared.text,
        },
        imported: {
          path: file.path,
          line: imported.line,
          text: lineOf(file.text, imported.line),
        },
        ...meeting,
        rank: i + 1,
      });
      if (found.size >= maxPackages) return [...found.values()];
    }
  }
  return [...found.values()];
}

/**
 * Some file of the repository declares `name` other than by importing it:
 * `var createError = require('http-errors')` is a top-level assignment the
 * index counts as a declaration, but the name is the package's.
 */
function declaredHere(index: RepositoryIndex, name: string): boolean {
  const lower = name.toLowerCase();
  return (index.definitions.get(lower) ?? []).some((chunkId) => {
    const file = index.files[index.chunks[chunkId]?.fileId ?? -1];
    const bound = file
      ? importsOf(file)?.imports.some((i) =>
          i.bindings.some((b) => b.toLowerCase() === lower),
        )
      : false;
    return !bound;
  });
}

function importsOf(file: IndexedFile): ImportsOfFile | undefined {
  let held = importsByFile.get(file);
  if (held === undefined) {
    held = importsOfFile(file.path, file.text) ?? null;
    importsByFile.set(file, held);
  }
  return held ?? undefined;
}

/**
 * The question names the package itself: an identifier-shaped name
 * (`router`, `urllib3`) written as code, any other (`body-parser`, a Go
 * module's path) written out at all.
 */
function namesPackage(
  question: string,
  name: string,
  asCode: ReadonlySet<string>,
): boolean {
  if (/^[A-Za-z_]\w*$/.test(name)) return asCode.has(name.toLowerCase());
  const escaped = name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  return new RegExp(`(?<![\\w@/.-])${escaped}(?![\\w/-])`, "i").test(question);
}

/**
 * Where the question's name for a package is used: the first line of the
 * chunk that uses it other than the import, else of the rest of its file
 * (the import may be the chunk's only use), else the import. Undefined
 * when the chunk does not use the package at all.
 */
function namedAt(
  chunk: RankedChunk["chunk"],
  file: IndexedFile,
  imported: FileImport,
  uses: ReadonlySet<string>,
  named: { name: string; shownBy: ReadonlySet<string> },
): Pick<OutsideDependency, "used" | "link"> | undefined {
  const lines = chunk.text.split("\n");
  const usesIt = (line: string, names: ReadonlySet<string>) =>
    namesGivenBy(line, names, imported.specifier) !== undefined;
  if (!lines.some((line) => usesIt(line, uses))) return undefined;
  const at = (from: number, texts: readonly string[]) => {
    const k = texts.findIndex(
      (line, k) => from + k !== imported.line && usesIt(line, named.shownBy),
    );
    return k < 0
      ? undefined
      : { line: from + k, text: (texts[k] ?? "").trim() };
  };
  const used = at(chunk.startLine, lines) ??
    at(1, file.text.split("\n")) ?? {
      line: imported.line,
      text: lineOf(file.text, imported.line),
    };
  return {
    used: { path: file.path, ...used },
    link: { how: "named", name: named.name },
  };
}

/**
 * The first line of the chunk where the package gives the code a name
 * `isForeign` accepts (`namesGivenBy`).
 */
function givenAt(
  chunk: RankedChunk["chunk"],
  imported: FileImport,
  uses: ReadonlySet<string>,
  isForeign: (name: string) => boolean,
): Pick<OutsideDependency, "used" | "link"> | undefined {
  for (const [k, line] of chunk.text.split("\n").entries()) {
    const name = namesGivenBy(line, uses, imported.specifier)?.find(isForeign);
    if (name)
      return {
        used: {
          path: chunk.path,
          line: chunk.startLine + k,
          text: line.trim(),
        },
        link: { how: "not-defined-here", name },
      };
  }
  return undefined;
}

function lineOf(text: string, line: number): string {
  return (text.split("\n", line)[line - 1] ?? "").trim();
}
