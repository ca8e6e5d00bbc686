import { decodeText } from "../file-set/decode-text.js";
import { getGitHubBlob } from "./get-blob.js";
import { getContents } from "./get-contents.js";
import type { GitHubRepoContext } from "./repo-context.js";
import { requestStatus } from "./request-status.js";

/**
 * Files of one commit read one path at a time, and blobs by SHA: what the
 * staleness watch needs to judge a cited file by itself
 * (`compareCitedFile`). A path is one Contents API request, cached as
 * immutable, whose answer carries the blob SHA and, up to 1 MB, the bytes;
 * a larger file, and a blob, come from the Git Blobs API (checked against
 * their SHA). Both texts are decoded alike (`decodeText`), so a diff of the
 * two sees only what changed. A path that is not a regular file (missing,
 * a directory, a link, a submodule) is `undefined`, as is a blob GitHub no
 * longer has (404).
 * See https://docs.github.com/en/rest/repos/contents#get-repository-content
 *
 * @example
 * const files = githubFilesAt(ctx, "8f1e2a3…");
 * const now = await files.at("src/retry.ts") // { blob: "3b18e51…", text: [Function] }
 * await now?.text()              // "import …"
 * await files.blob("a1b2c3d…")   // "import …" (the text an answer cited)
 */
export function githubFilesAt(ctx: GitHubRepoContext, sha: string) {
  // Blobs skip the response cache (see getGitHubBlob), but answers read at
  // one commit cite the same blobs: each is asked for once per push.
  const texts = new Map<string, Promise<string | undefined>>();
  function blob(blobSha: string): Promise<string | undefined> {
    let text = texts.get(blobSha);
    if (!text) texts.set(blobSha, (text = readBlob(blobSha)));
    return text;
  }
  async function readBlob(blobSha: string): Promise<string | undefined> {
    try {
      return decodeText(await getGitHubBlob(ctx, blobSha));
    } catch (error) {
      // getGitHubBlob says what a 404 means and keeps GitHub's error as the cause.
      if (requestStatus((error as Error).cause) === 404) return undefined;
      // Anything else may pass: a later answer asks again.
      texts.delete(blobSha);
      throw error;
    }
  }
  return {
    async at(path: string) {
      const item = await getContents(ctx, sha, path);
      // A symlink to a file is answered with its target's path and bytes.
      if (!item || Array.isArray(item) || item.type !== "file")
        return undefined;
      if (item.path !== path) return undefined;
      const { content, encoding } = item;
      return {
        blob: item.sha,
        // From 1 MB on, the answer carries no bytes: they are read only if needed.
        text: async () =>
          encoding === "base64" && content !== undefined
            ? decodeText(Buffer.from(content, "base64"))
            : blob(item.sha),
      };
    },
    blob,
  };
}
