import { gitBlobSha } from "../../src/code-host/github/git-blob-sha.js";
import type { SourceFile } from "../../src/retrieval/types.js";

/** A file named by the git blob SHA of its text, as a checkout's are. */
export const namedFile = (path: string, text: string): SourceFile => ({
  path,
  text,
  blobSha: gitBlobSha(Buffer.from(text, "utf8")),
});

/**
 * Thirty unrelated Python modules and two that matter to
 * `SESSION_QUESTION`: one it names by path, one that declares the class it
 * uses. Told to make few trees, a question's index of them has two stages.
 */
export const SESSION_ADAPTER_FILES: SourceFile[] = [
  ...Array.from({ length: 30 }, (_, i) =>
    namedFile(
      `pkg/filler_${i}.py`,
      `def helper_${i}(x):\n    return x + ${i}\n\n\ndef other_${i}():\n    return ${i}\n`,
    ),
  ),
  namedFile(
    "pkg/session.py",
    "class Session:\n    def send(self):\n        return Adapter().send()\n",
  ),
  namedFile(
    "pkg/adapters.py",
    "class Adapter:\n    def send(self):\n        return 1\n",
  ),
];

export const SESSION_QUESTION =
  "Session.send in pkg/session.py returns the wrong `Adapter`";
