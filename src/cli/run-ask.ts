import path from "node:path";
import type { CodeReader, ResolvedRef } from "../code-host/code-host.js";
import { createLocalCodeHost } from "../code-host/local/local-code-host.js";
import type { CheckoutReads } from "../code-host/local/start-checkout-reads.js";
import { defaultBudgets } from "../config/budget-limits.js";
import { buildContext } from "../retrieval/build-context.js";
import { keptGitHistory } from "../retrieval/history/kept-git-history.js";
import { WORKING_TREE_SHA } from "../code-host/local/local-code-host.js";
import type { QuestionIndexLimits } from "../retrieval/one-question/index-for-one-question.js";
import type { DerivationMemo } from "../retrieval/one-question/derivation-memo.js";
import type { HeldStages } from "../retrieval/one-question/held-stages.js";
import type { StampedValues } from "../code-host/file-set/stamped-values.js";
import { packedContextTokens } from "../config/packed-context-tokens.js";
import { runAt } from "../question/run-at.js";
import type { SourceFile } from "../retrieval/types.js";
import { createTokenCounter } from "../tokens/create-token-counter.js";
import type { TokenCounter } from "../tokens/token-counter.js";
import { toAskResult, type AskResult } from "./ask-result.js";
import { asksAboutHistory } from "../text/asks-about-history.js";
import { readBuildId } from "./build-id.js";
import { openChunkTokenCounts } from "./chunk-token-counts.js";
import { withoutExcludedPaths } from "./checkout-excludes.js";
import { indexCheckout } from "./index-checkout.js";
import { indexingKey, isIndexing } from "./indexing-marks.js";
import { redactionVersion } from "./kept-redactions.js";
import { openCliCaches, type CliCaches } from "./open-cli-caches.js";
import { parseAskArgs, type AskArgs } from "./parse-ask-args.js";
import { renderAskText } from "./render-ask-text.js";
import { startBackgroundIndex } from "./start-background-index.js";
import { openTokenCounter } from "./open-token-counter.js";
import { stderrLog } from "./stderr-log.js";
import { openTokenCountFile, type TokenCountFile } from "./token-count-file.js";

export interface RunAskDeps {
  createLocalCodeHost: typeof createLocalCodeHost;
  buildContext: typeof buildContext;
  /** The checkout's co-change history at a commit, for packing's co-change tier. */
  keptGitHistory: typeof keptGitHistory;
  createTokenCounter: typeof createTokenCounter;
  /** The derived cache and index snapshots in a directory (`--cache-dir`); not called with `--no-cache`. */
  openCaches: (dir: string) => Promise<CliCaches>;
  /** The token counts kept in that directory; not called with `--no-cache`. */
  openTokenCountFile: (dir: string) => TokenCountFile;
  /** Indexes the checkout whole after a question that did not (see `startBackgroundIndex`). */
  startBackgroundIndex: (checkout: {
    repo: string;
    ref?: string;
    cacheDir: string;
  }) => unknown;
  /**
   * The version of redaction this build runs (`redactionVersion`), naming
   * what `askcode mcp` keeps of it in the cache directory; undefined keeps
   * nothing (the TypeScript sources, which have no build id).
   */
  redactionVersion: () => string | undefined;
  /** How far a first question's index goes before parsing (tests force two stages on few files). */
  questionLimits?: QuestionIndexLimits;
  now: () => number;
}

/** What `runAsk` and `askCheckout` use unless told otherwise (`askcode mcp` opens its session with them too). */
export const defaultAskDeps: RunAskDeps = {
  createLocalCodeHost,
  buildContext,
  keptGitHistory,
  createTokenCounter,
  openCaches: (dir) =>
    openCliCaches(dir, { buildId: readBuildId(), log: stderrLog }),
  openTokenCountFile: (dir) =>
    openTokenCountFile(dir, {
      log: { warn: (message) => process.stderr.write(`${message}\n`) },
      // What the background index counted of its chunks.
      kept: openChunkTokenCounts(dir),
    }),
  startBackgroundIndex,
  redactionVersion: () => redactionVersion(readBuildId()),
  now: () => performance.now(),
};

/** How many places the retrieval-only answer lists. */
const MAX_PLACES = 8;

/**
 * `askcode ask`: one question about a local checkout, answered from retrieval
 * alone (no GitHub App, no model): resolve the ref once, read at that commit,
 * index it (deriving only the blobs the cache directory does not hold), rank
 * and pack, print the places and the packing report. Takes the arguments
 * parsed (as `main` does before importing this module) or raw.
 */
export async function runAsk(
  argv: string[] | AskArgs,
  io: {
    cwd: string;
    /** `columns`: the terminal's width, when stdout is one. */
    stdout: { write(text: string): unknown; columns?: number };
    env?: Readonly<Record<string, string | undefined>>;
    /** Git's first answers for the checkout, asked before this module loaded (`startCheckoutReads`). */
    early?: CheckoutReads;
  },
  deps: Partial<RunAskDeps> = {},
): Promise<void> {
  const d = { ...defaultAskDeps, ...deps };
  const args = Array.isArray(argv)
    ? parseAskArgs(argv, io.cwd, io.env ?? process.env)
    : argv;
  const root = path.resolve(io.cwd, args.repo);
  const host = d.createLocalCodeHost({
    root,
    ...(io.early ? { early: io.early } : {}),
  });
  try {
    const resolved = await host.resolveRef(args.ref);
    const { counts, tokenCounter } = openTokenCounter(args, d);
    const tokenizerReady = tokenCounter.ready?.();
    const caches = args.cacheDir ? await d.openCaches(args.cacheDir) : {};
    const { result } = await askCheckout(
      {
        ...args,
        root,
        source: host.label,
        resolved,
        reader: withoutExcludedPaths(host.at(resolved.sha), warn),
      },
      { caches, tokenCounter, tokenizerReady },
      d,
    );
    io.stdout.write(
      args.json
        ? JSON.stringify(result, null, 2) + "\n"
        : renderAskText(result, io.stdout.columns),
    );
    await counts?.save();
  } finally {
    await host.close();
  }
}

/** One question about a checkout, read at a resolved commit (what `askCheckout` takes). */
export interface CheckoutQuestion extends Pick<
  AskArgs,
  "question" | "ref" | "budget" | "cacheDir"
> {
  /** The checkout's directory, absolute. */
  root: string;
  /** The code host's label ("local:/home/ada/flask"). */
  source: string;
  resolved: ResolvedRef;
  /** The host's reader at `resolved.sha`. */
  reader: CodeReader;
}

/** The retrieval-only answer, and the packed context it was ranked for (what a model would read). */
export interface AskedCheckout {
  result: AskResult;
  context: string;
  /** The files the answer was made from, with the texts it shows of them (the index's). */
  files: readonly SourceFile[];
}

/**
 * The work of `askcode ask` between opening a checkout and printing, for
 * every entry point that answers from a local checkout (`askcode ask`,
 * `askcode mcp`): index the files read at the commit (through the cache
 * directory's caches and whole-index snapshots), rank and pack within the
 * context budget, and, when the question left files without their syntax
 * tree, start indexing the whole checkout in the background, once.
 *
 * @example
 * const { result, context } = await askCheckout({ question, root, resolved, reader: host.at(resolved.sha), budget: 12_000, cacheDir }, { caches, tokenCounter }, deps);
 */
export async function askCheckout(
  asked: CheckoutQuestion,
  opened: {
    caches: CliCaches;
    tokenCounter: TokenCounter;
    /** The tokenizer's load, when the caller started it early. */
    tokenizerReady?: Promise<void> | undefined;
    /** What earlier questions of a session cut (`askcode mcp`): reused, not cut again. */
    memo?: DerivationMemo;
    /** Where a session holds its last two-stage index (`askcode mcp`): added to, not built again, for a question on the same files. */
    held?: HeldStages;
    /** The files read, kept by the tree's stamp (`askcode mcp`): an unchanged checkout is not read again. */
    stampedFiles?: StampedValues<SourceFile[]>;
  },
  deps: Partial<RunAskDeps> = {},
): Promise<AskedCheckout> {
  const d = { ...defaultAskDeps, ...deps };
  const { resolved, cacheDir, question, root } = asked;
  const { tokenCounter } = opened;
  const at = runAt({
    source: asked.source,
    ref: resolved.ref,
    reader: asked.reader,
    // `--budget` is the repository's `context` budget; the rest keep their defaults.
    budgets: { ...defaultBudgets(), context: asked.budget },
  });
  // git reads the history while the checkout is indexed; kept by commit in
  // the cache directory, a warm question reads one small entry.
  const history =
    resolved.sha === WORKING_TREE_SHA
      ? undefined
      : d.keptGitHistory(root, resolved.sha, {
          ...(opened.caches.blobs ? { blobs: opened.caches.blobs } : {}),
        });
  const checkout = await indexCheckout(at.reader, {
    ...opened.caches,
    now: d.now,
    question,
    ...(d.questionLimits ? { questionLimits: d.questionLimits } : {}),
    ...(opened.memo ? { memo: opened.memo } : {}),
    ...(opened.held ? { held: opened.held } : {}),
    ...(opened.stampedFiles ? { stampedFiles: opened.stampedFiles } : {}),
    // A partial index is followed by the whole one, in the background
    // (below), which derives and saves every file.
    leavePartialUnsaved: true,
  });
  await (opened.tokenizerReady ?? tokenCounter.ready?.());
  const cochange = await history;
  const built = await d.buildContext({
    ...(cochange ? { history: cochange } : {}),
    reader: at.reader,
    files: checkout.files,
    index: checkout.index,
    question,
    // No model reads it: the code gets the whole context budget, as the bot's retrieval-only answer does.
    budget: packedContextTokens(at.budgets, { withModel: false }),
    tokenCounter,
  });
  // Reading and indexing happened here, before buildContext was handed the index.
  built.timings.readMs = checkout.readMs;
  built.timings.indexMs = checkout.indexMs;
  built.timings.totalMs += checkout.readMs + checkout.indexMs;
  const result = toAskResult(built, at, {
    question,
    maxPlaces: MAX_PLACES,
    withoutTree: checkout.withoutTree,
  });
  if (asksAboutHistory(question)) {
    // Loaded only for a why/when/who question: the App's tools, their zod
    // schemas and secretlint's rules are about 160 modules a question
    // that asks none of these never runs.
    const { askHistory } = await import("./ask-history.js");
    const history = await askHistory(at.reader, result.places, tokenCounter);
    if (history.length > 0) result.history = history;
  }
  // The question parsed only the files it could reach: the rest are
  // parsed in the background, so that the next question loads a whole
  // index. A commit is named by its SHA, which cannot move meanwhile.
  if (checkout.withoutTree > 0 && cacheDir) {
    const ref = asked.ref === undefined ? undefined : resolved.sha;
    if (!isIndexing(cacheDir, indexingKey(root, ref)))
      d.startBackgroundIndex({
        repo: root,
        ...(ref !== undefined ? { ref } : {}),
        cacheDir,
      });
  }
  return { result, context: built.context.text, files: checkout.files };
}

// A problem with the repository's askcode.yml, said beside the answer.
const warn = (line: string) => stderrLog.warn({}, line);
