import { LRUCache } from "lru-cache";
import type { OwnSecret } from "../policy/find-own-secrets.js";
import type { RedactOptions } from "../policy/redact-secrets.js";
import type { Redacted } from "../policy/replace-secret-spans.js";
import { eventLoopSlices } from "../shared/time-slices.js";
import type {
  CodeReader,
  CodeSearchHit,
  CodeSearchQuery,
  CodeSearchResult,
  FileContent,
  ReadFileOptions,
} from "./code-host.js";
import { applyLineEdits, lineEdits } from "./line-edits.js";
import type { RedactionMemo } from "./redaction-memo.js";

/** A file's lines as read and as redacted, line for line. */
interface RedactedFile {
  raw: string[];
  redacted: string[];
}

/**
 * A `CodeReader` that hands out file text with its secrets redacted
 * (docs/architecture/overview.md, "Security model"): the model needs a
 * secret's name, not its value, to explain code, so nothing that enters a
 * prompt (the packed context, a tool result) carries one. Retrieval, the
 * tools and citation checks all read through it, so what is ranked, packed,
 * counted against a budget, shown and cited is the same redacted text.
 *
 * Redaction never adds or removes a line (`keepLines`), so line numbers and
 * `path#Lx-Ly` citations stay those of the real file. A line range is cut
 * from the whole file's redaction, so a range that starts inside a private
 * key block is still redacted. Search hits are redacted too, and a hit that
 * matched only inside a secret is dropped: otherwise a search for a guessed
 * value would confirm it.
 *
 * @example
 * const reader = createRedactingReader(host.at(sha));
 * (await reader.readFile("settings.py")).text // 'DB_PASSWORD = "REDACTED_SECRET"\n…'
 */
export function createRedactingReader(
  reader: CodeReader,
  options: {
    cacheBytes?: number;
    /** What earlier questions' redaction made of the same blobs (`createRedactionMemo`). */
    redactions?: RedactionMemo;
    /**
     * askcode's own secrets, redacted wherever a file holds them. The memo
     * must be filled with the same ones: they are the process's, so it is.
     */
    ownSecrets?: readonly OwnSecret[];
    /**
     * Redacts somewhere else (the app: `CpuPool.redact`, on a thread); none:
     * `redactSecrets` on the event loop, one file per slice.
     */
    redact?: (text: string, options: RedactOptions) => Promise<Redacted>;
  } = {},
): CodeReader {
  const { redactions } = options;
  const redactFile = async (
    path: string,
    text: string,
  ): Promise<RedactedFile> => {
    const redactOptions = {
      path,
      keepLines: true,
      ownSecrets: options.ownSecrets,
    };
    // A snapshot's files arrive from memory, so redacting a commit's hundreds
    // in place is one chain of promises that would hold the event loop for a second.
    if (!options.redact) await eventLoopSlices.breathe();
    const redacted = await (options.redact ?? redactHere)(text, redactOptions);
    return { raw: text.split("\n"), redacted: redacted.text.split("\n") };
  };
  const files = new LRUCache<string, RedactedFile>({
    maxSize: options.cacheBytes ?? 64 * 1024 * 1024,
    sizeCalculation: (file) =>
      file.raw.reduce((n, line) => n + line.length * 4 + 16, 64),
    fetchMethod: async (path) => {
      const whole = await reader.readFile(path);
      if (whole.kind !== "text") return undefined;
      // Only a whole file's redaction is remembered: its blob names its text.
      const blob = whole.truncated ? undefined : whole.blobSha;
      const known = blob ? redactions?.get(blob, path) : undefined;
      if (known) {
        const raw = whole.text.split("\n");
        return {
          raw,
          redacted: known === "unchanged" ? raw : applyLineEdits(raw, known),
        };
      }
      const file = await redactFile(path, whole.text);
      const edits = lineEdits(file.raw, file.redacted);
      if (blob && redactions && edits)
        redactions.set(blob, path, edits.length === 0 ? "unchanged" : edits);
      return file;
    },
  });

  async function readFile(
    path: string,
    range?: ReadFileOptions,
  ): Promise<FileContent> {
    const content = await reader.readFile(path, range);
    if (content.kind !== "text") return content;
    // A whole file whose blob is known to hold no secret at this path is
    // served as read: a new commit's unchanged files cost no second read.
    if (
      content.blobSha &&
      content.startLine === 1 &&
      !content.truncated &&
      content.endLine === content.totalLines &&
      redactions?.get(content.blobSha, path) === "unchanged"
    )
      return content;
    const whole = await files.fetch(path);
    const lines = content.text.split("\n");
    // Lines cut by a read limit differ from the whole file's: those are
    // redacted on their own.
    const own = lines.some(
      (line, i) => whole?.raw[content.startLine - 1 + i] !== line,
    )
      ? (await redactFile(path, content.text)).redacted
      : undefined;
    const text = lines
      .map((line, i) => {
        const at = content.startLine - 1 + i;
        return whole?.raw[at] === line ? whole.redacted[at]! : own![i]!;
      })
      .join("\n");
    return { ...content, text };
  }

  async function searchCode(query: CodeSearchQuery): Promise<CodeSearchResult> {
    const result = await reader.searchCode(query);
    const hits: CodeSearchHit[] = [];
    for (const hit of result.hits) {
      const redacted = await redactHit(hit, redactFile);
      if (redacted) hits.push(redacted);
    }
    const dropped = result.hits.length - hits.length;
    if (dropped === 0) return { ...result, hits };
    // The search's own notes count the dropped hits ("Found 1 matching
    // line for …"): they would confirm the guess, so they go with them.
    return {
      ...result,
      hits,
      totalCount: result.totalCount - dropped,
      notes: [],
    };
  }

  return {
    sha: reader.sha,
    readFile,
    searchCode,
    listDirectory: (path, options) => reader.listDirectory(path, options),
    listTree: () => reader.listTree(),
    // Whether candidates mode is needed is the wrapped host's to say.
    ...(reader.wholeRepository && {
      wholeRepository: () => reader.wholeRepository!(),
    }),
    // Commits' headlines are not file text: whoever shows them makes them
    // safe to post (`securePostedText`, the tool's redaction).
    ...(reader.lineHistory && {
      lineHistory: reader.lineHistory.bind(reader),
    }),
  };
}

/**
 * A hit with its lines redacted, or undefined when every term it matched
 * was inside a secret.
 */
async function redactHit(
  hit: CodeSearchHit,
  redactFile: (path: string, text: string) => Promise<RedactedFile>,
): Promise<CodeSearchHit | undefined> {
  if (hit.line === 0) return hit; // a path match: no file text
  const { startLine, lines } = hit.context;
  const context = (await redactFile(hit.path, lines.join("\n"))).redacted;
  const inContext = lines[hit.line - startLine] === hit.matchedLine;
  const matchedLine = inContext
    ? context[hit.line - startLine]!
    : (await redactFile(hit.path, hit.matchedLine)).redacted.join("\n");
  const before = [hit.matchedLine, ...lines].join("\n").toLowerCase();
  const after = [matchedLine, ...context].join("\n").toLowerCase();
  const terms = hit.matchedTerms.map((term) => term.toLowerCase());
  const found = (text: string) => terms.some((term) => text.includes(term));
  if (before !== after && found(before) && !found(after)) return undefined;
  return {
    ...hit,
    matchedLine,
    context: { startLine, lines: lines.length === 0 ? [] : context },
  };
}

// Loaded when a file is first redacted here: secretlint and its rules are
// about 20 modules, which a process whose files the memo already knows
// (a new askcode mcp process on a filled cache) never runs.
async function redactHere(
  text: string,
  options: RedactOptions,
): Promise<Redacted> {
  const { redactSecrets } = await import("../policy/redact-secrets.js");
  return redactSecrets(text, options);
}
