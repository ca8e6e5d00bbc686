import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { chunkFile } from "../../src/retrieval/chunks/chunk-file.js";
import { bridgeSources } from "../../src/retrieval/query/vocabulary-bridge.js";
import { analyzeQuery } from "../../src/retrieval/query/query-analysis.js";
import { splitFileLines } from "../../src/eval/file-lines.js";
import { goldLines } from "../../src/eval/gold-lines.js";
import type { Instance } from "../../src/eval/instance.js";
import { IDENTIFIER, identifierTerms } from "../../src/text/code-terms.js";

const run = promisify(execFile);

/** One training pair as the bridge's fit reads it: the words and the code its fix touched. */
export interface BridgeRow {
  repo: string;
  /** The instance's language ("python" when the row names none, as SWE-bench's). */
  language: string;
  /** The question's plain words as ranking spells them (`bridgeSources`), sorted. */
  words: string[];
  /** Index terms of the chunks holding the fix's lines, sorted. */
  gold: string[];
  /** Per index term, how many chunks of the gold files hold it, gold chunks apart from the rest. */
  goldChunks: number;
  backgroundChunks: number;
  /** term → [gold chunks holding it, other chunks of the gold files holding it]. */
  chunkCounts: Record<string, [number, number]>;
}

/**
 * Reads an instance's gold files at its base commit from the mirror, cuts
 * them as the index does (`chunkFile`, grammars loaded by the caller) and
 * splits their chunks into gold (holding a line of the fix, by the bench's
 * rule: `goldLines`) and background (the rest of the same files). Returns
 * undefined when no chunk holds a gold line (file-level rows without lines).
 *
 * @example
 * const row = await bridgeRow(instance, "/work/.mirror/owner+name/repo");
 * row?.gold.includes("timeout") // the fix touched a chunk naming `timeout`
 */
export async function bridgeRow(
  instance: Instance,
  mirror: string,
): Promise<BridgeRow | undefined> {
  const texts = new Map<string, string>();
  for (const path of instance.gold_files) {
    const text = await readAt(mirror, instance.base_commit, path);
    if (text !== undefined) texts.set(path, text);
  }
  const gold = goldLines(instance.gold_hunks, (path) => {
    const text = texts.get(path);
    return text === undefined ? undefined : splitFileLines(text);
  });
  const linesOf = new Map<string, Set<number>>();
  for (const g of gold.lines) {
    const set = linesOf.get(g.path) ?? new Set<number>();
    set.add(g.line);
    linesOf.set(g.path, set);
  }
  const counts = new Map<string, [number, number]>();
  const goldTerms = new Set<string>();
  let goldChunks = 0;
  let backgroundChunks = 0;
  for (const [path, text] of texts) {
    const lines = linesOf.get(path);
    for (const chunk of chunkFile({ path, text })) {
      let isGold = false;
      if (lines)
        for (let l = chunk.startLine; l <= chunk.endLine && !isGold; l++)
          isGold = lines.has(l);
      const side = isGold ? 0 : 1;
      if (isGold) goldChunks++;
      else backgroundChunks++;
      for (const term of chunkTerms(chunk.text)) {
        const c = counts.get(term) ?? [0, 0];
        c[side]++;
        counts.set(term, c);
        if (isGold) goldTerms.add(term);
      }
    }
  }
  if (goldChunks === 0) return undefined;
  const sorted = [...counts.keys()].sort();
  return {
    repo: instance.repo,
    language: instance.language ?? "python",
    words: bridgeSources(analyzeQuery(instance.problem_statement).terms)
      .map((t) => t.term)
      .sort(),
    gold: [...goldTerms].sort(),
    goldChunks,
    backgroundChunks,
    chunkCounts: Object.fromEntries(
      sorted.map((t) => [t, counts.get(t) as [number, number]]),
    ),
  };
}

/** The index terms of a chunk's text, as BM25 counts them (`identifierTerms` of every identifier-shaped run). */
function chunkTerms(text: string): Set<string> {
  const terms = new Set<string>();
  for (const m of text.matchAll(IDENTIFIER))
    for (const term of identifierTerms(m[0])) terms.add(term);
  return terms;
}

async function readAt(
  mirror: string,
  commit: string,
  path: string,
): Promise<string | undefined> {
  try {
    const { stdout } = await run(
      "git",
      ["--git-dir", mirror, "show", `${commit}:${path}`],
      { maxBuffer: 64 * 1024 * 1024, encoding: "utf8" },
    );
    return stdout;
  } catch {
    // A gold file absent at the base commit (the data's known gaps): no chunks.
    return undefined;
  }
}
