import { DEFAULT_READ_LIMITS, type CodeReader } from "./code-host.js";
import { readTextRange } from "./file-set/read-text-range.js";

/** A file's text as a reader served it (whole, final newline and carriage returns dropped), and its blob SHA where known. */
export interface ReadText {
  path: string;
  text: string;
  blobSha?: string;
}

/**
 * A reader that serves `texts` as they were read, and every other path, and
 * everything else it is asked, from `fallback`: for `askcode mcp`'s ask
 * tool, the files of the index an answer was made from, so that what is
 * redacted is the text the answer shows, and a warm answer reads no file
 * from disk (on a working tree, a read first lists the checkout: an lstat
 * per file). The texts are taken when first read (an index loaded from a
 * snapshot reads each file's text when asked), so naming thousands costs
 * nothing until a few are read.
 *
 * @example
 * const shown = readerOverTexts(checkout.files, view.reader);
 * (await shown.readFile("src/app.py")).text // the text the index holds
 */
export function readerOverTexts(
  texts: readonly ReadText[],
  fallback: CodeReader,
): CodeReader {
  let byPath: Map<string, ReadText> | undefined;
  return {
    ...fallback,
    async readFile(path, range) {
      byPath ??= new Map(texts.map((file) => [file.path, file]));
      const file = byPath.get(path);
      if (!file) return fallback.readFile(path, range);
      const { text, blobSha } = file;
      return readTextRange(
        {
          path,
          text,
          size: Buffer.byteLength(text),
          ...(blobSha ? { blobSha } : {}),
          maxBytes: DEFAULT_READ_LIMITS.maxFileBytes,
        },
        range,
      );
    },
  };
}
