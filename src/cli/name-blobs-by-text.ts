import type { CodeReader } from "../code-host/code-host.js";
import { textBlobSha } from "../code-host/github/git-blob-sha.js";

/**
 * A reader whose whole text files carry a blob SHA even where the source
 * names none (a working tree): the git blob SHA of the text as read, as
 * `indexCheckout` names such files. What is kept by blob SHA (what
 * redaction made of a file, `RedactionMemo`) then serves a long-lived
 * process across calls until the file changes. A range read, or a text cut
 * by a read limit, is left unnamed: its text is not the file's.
 *
 * @example
 * const reader = createRedactingReader(nameBlobsByText(host.at(sha)), { redactions });
 */
export function nameBlobsByText(reader: CodeReader): CodeReader {
  return {
    ...reader,
    async readFile(path, range) {
      const content = await reader.readFile(path, range);
      const whole =
        content.kind === "text" &&
        content.blobSha === undefined &&
        content.startLine === 1 &&
        !content.truncated &&
        content.endLine === content.totalLines;
      return whole
        ? { ...content, blobSha: textBlobSha(content.text) }
        : content;
    },
  };
}
