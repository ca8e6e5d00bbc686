import type { CodeReader } from "../code-host/code-host.js";
import type { AgentLog } from "./run-agent-types.js";

/** A guidance file as read at the commit, with the paths that hold the same text. */
export interface GuidanceFile {
  path: string;
  text: string;
  /** Later guidance files with exactly this text (a `CLAUDE.md` linked to `AGENTS.md`): named, not shown twice. */
  sameText?: string[];
  /** A contributor guide (`CONTRIBUTING`), rather than instructions written for assistants. */
  forContributors: boolean;
}

// The repository's own words on how to work in it, in precedence order:
// where two disagree, the earlier wins. Instructions written for coding
// assistants come first, the cross-tool `AGENTS.md` before one tool's file;
// then the guide for people, of which only the first is read, in the order
// GitHub itself looks for it (.github, the root, docs). Paths match without
// regard to case, as maintainers spell them both ways.
const ASSISTANT_FILES = [
  "AGENTS.md",
  "CLAUDE.md",
  "GEMINI.md",
  ".github/copilot-instructions.md",
];
const CONTRIBUTOR_GUIDE =
  /^(?:\.github\/|docs\/)?contributing(?:\.md|\.rst|\.txt)?$/i;
const CONTRIBUTOR_DIRS = [".github/", "", "docs/"];

/**
 * The repository's guidance files that exist at the commit read (found in
 * its tree, so only files that exist are read), in precedence order, each
 * read whole through `reader` (redacted when it is the run's redacting
 * reader). A file another one already holds word for word is named beside
 * it rather than read twice. `hidden` leaves out paths the configuration
 * excludes. A file that cannot be read, or only in part, is left out:
 * guidance is never a reason to fail, but a read that fails is logged once
 * with its cause, as the answer then lacks what the maintainers wrote.
 * `buildFirstMessage` bounds and labels them.
 *
 * @example
 * await readGuidance(reader, { log }) // [{ path: "AGENTS.md", text: "# Agents…", forContributors: false }]
 */
export async function readGuidance(
  reader: Pick<CodeReader, "readFile" | "listTree">,
  options: {
    log: Pick<AgentLog, "warn">;
    hidden?: (path: string) => boolean;
  },
): Promise<GuidanceFile[]> {
  const { log, hidden = () => false } = options;
  const listing = await reader.listTree().catch((error: unknown) => {
    log.warn(
      { err: error },
      "askcode could not list the repository's files to find its guidance (AGENTS.md, CONTRIBUTING); it answers without it",
    );
    return undefined;
  });
  if (!listing) return [];
  const files = listing.entries
    .filter((e) => e.type === "file" && !hidden(e.path))
    .map((e) => e.path);
  const byLowerPath = new Map(files.map((p) => [p.toLowerCase(), p]));
  const wanted = ASSISTANT_FILES.flatMap((name) => {
    const path = byLowerPath.get(name.toLowerCase());
    return path ? [{ path, forContributors: false }] : [];
  });
  const guide = CONTRIBUTOR_DIRS.map((dir) =>
    files.find((p) => CONTRIBUTOR_GUIDE.test(p) && dirOf(p) === dir),
  ).find((p) => p !== undefined);
  if (guide) wanted.push({ path: guide, forContributors: true });

  const read = await Promise.all(
    wanted.map(async ({ path, forContributors }) => {
      const file = await reader.readFile(path).catch((error: unknown) => {
        log.warn(
          { err: error, path },
          `askcode could not read the guidance file ${path}; it answers without it`,
        );
        return undefined;
      });
      return file?.kind === "text" && !file.truncated
        ? { path, text: file.text, forContributors }
        : undefined;
    }),
  );
  const found: GuidanceFile[] = [];
  for (const file of read) {
    if (!file) continue;
    const same = found.find((f) => f.text.trim() === file.text.trim());
    if (same) same.sameText = [...(same.sameText ?? []), file.path];
    else found.push(file);
  }
  return found;
}

function dirOf(path: string): string {
  const slash = path.lastIndexOf("/");
  return slash < 0 ? "" : path.slice(0, slash + 1).toLowerCase();
}
