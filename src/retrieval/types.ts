import type { DeclarationKind as SyntaxDeclarationKind } from "./chunks/declaration-rules.js";

/** A text file held in memory: what retrieval ranks and packs. */
export interface SourceFile {
  /** Repository-relative POSIX path. */
  path: string;
  text: string;
  /** The git blob SHA of the text, where the host knows it: what indexing derives from the file is cached by it. */
  blobSha?: string;
}

/**
 * What a chunk's first declaration is: a kind a syntax tree names, a
 * top-level assignment, or "block" for code that declares nothing (imports,
 * statements).
 */
export type DeclarationKind = SyntaxDeclarationKind | "block";

/** A piece of one file, cut on a boundary a reader would choose, with 1-based inclusive lines. */
export interface Chunk {
  /** Position in the index's chunk list (stable for one index). */
  id: number;
  /** Position of the chunk's file in the index's file list. */
  fileId: number;
  path: string;
  startLine: number;
  endLine: number;
  text: string;
  kind: DeclarationKind;
  /**
   * The declarations around and at this chunk, outermost first, for headers and
   * metadata lines: "class Session › def request". Empty for module-level code.
   */
  context: string;
  /** Names this chunk declares (functions, classes, methods, top-level assignments). */
  defines: string[];
  /**
   * Where a syntax tree found the lines that say what the chunk's
   * declarations are (signatures, and the first lines of doc comments), as
   * 1-based inclusive [start, end] pairs, flat: compression keeps them.
   * Present (maybe empty) exactly when the chunk was cut on a syntax tree.
   */
  outline?: readonly number[];
}
