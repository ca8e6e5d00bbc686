import { LRUCache } from "lru-cache";
import type { LineEdit } from "./line-edits.js";

/**
 * What redaction made of a file, remembered by its blob SHA and path across
 * questions and commits: a new commit changes few files, and redacting every
 * unchanged one again costs about a second per 9 MB of text (npm run
 * bench:redact). The path is part of the key because redaction's rules
 * depend on it (a `.env` file is read as assignments). Most files hold no
 * secret, and for them the memo keeps only that fact; for the rest it keeps
 * the edits that redact their lines (`lineEdits`: where each marker goes),
 * not their text.
 */
export interface RedactionMemo {
  /** The edits that redact this blob at this path (`applyLineEdits`); `"unchanged"` when it has no secret; undefined when not known. */
  get(
    blobSha: string,
    path: string,
  ): readonly LineEdit[] | "unchanged" | undefined;
  set(
    blobSha: string,
    path: string,
    redacted: readonly LineEdit[] | "unchanged",
  ): void;
}

/**
 * A process-wide memo, bounded by the bytes of the edits it holds
 * (an "unchanged" entry counts as its key).
 *
 * @example
 * const redactions = createRedactionMemo({ maxBytes: 64 * 1024 * 1024 });
 * const reader = createRedactingReader(host.at(sha), { redactions });
 */
export function createRedactionMemo(options: {
  maxBytes: number;
}): RedactionMemo {
  const entries = new LRUCache<string, readonly LineEdit[] | "unchanged">({
    maxSize: options.maxBytes,
    maxEntrySize: options.maxBytes,
    sizeCalculation: (value, key) =>
      key.length * 2 +
      (value === "unchanged"
        ? 16
        : value.reduce((n, edit) => n + edit.text.length * 2 + 48, 64)),
  });
  const key = (blobSha: string, path: string) => `${blobSha} ${path}`;
  return {
    get: (blobSha, path) => entries.get(key(blobSha, path)),
    set: (blobSha, path, redacted) => {
      entries.set(key(blobSha, path), redacted);
    },
  };
}
