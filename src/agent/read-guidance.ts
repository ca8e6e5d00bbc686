import type { CodeReader } from "../code-host/code-host.js";

// The repository's own words on how to work in it, in the order the first
// message shows them.
const GUIDANCE_FILES = [
  "AGENTS.md",
  "CONTRIBUTING.md",
  ".github/CONTRIBUTING.md",
];

/**
 * The repository's guidance files that exist at the commit read and are read
 * whole, for the first message (`buildFirstMessage` bounds and labels them).
 * A file that cannot be read is left out: guidance is never a reason to fail.
 *
 * @example
 * await readGuidance(at.reader) // [{ path: "CONTRIBUTING.md", text: "# Contributing…" }]
 */
export async function readGuidance(
  reader: Pick<CodeReader, "readFile">,
): Promise<Array<{ path: string; text: string }>> {
  const found: Array<{ path: string; text: string }> = [];
  for (const path of GUIDANCE_FILES) {
    const file = await reader.readFile(path).catch(() => undefined);
    if (file?.kind === "text" && !file.truncated)
      found.push({ path, text: file.text });
  }
  return found;
}
