import { createLocalCodeHost } from "../code-host/local/local-code-host.js";
import type { CodeReader } from "../code-host/code-host.js";
import type { CheckoutReads } from "../code-host/local/start-checkout-reads.js";
import { createRedactingReader } from "../code-host/redacting-reader.js";
import { readerOverTexts, type ReadText } from "../code-host/texts-reader.js";
import { createRedactionMemo } from "../code-host/redaction-memo.js";
import { REDACTION_MEMO_BYTES } from "../compose/create-read-caches.js";
import type {
  CheckoutSession,
  CheckoutView,
  ShownReaders,
} from "../mcp/checkout-session.js";
import { DEFAULT_DERIVED_CACHE_MAX_BYTES } from "../config/read-cache-defaults.js";
import { createDerivationMemo } from "../retrieval/one-question/derivation-memo.js";
import type { HeldStages } from "../retrieval/one-question/held-stages.js";
import type { SourceFile } from "../retrieval/types.js";
import { decodedBytes } from "../code-host/file-set/file-set-reader.js";
import type { FileSourceEntry } from "../code-host/file-set/file-source.js";
import { createStampedValues } from "../code-host/file-set/stamped-values.js";
import { withoutExcludedPaths } from "./checkout-excludes.js";
import { holdLastIndex } from "./hold-last-index.js";
import { stderrLog } from "./stderr-log.js";
import { RACY_MS } from "./index-snapshots.js";
import { indexCheckout } from "./index-checkout.js";
import { openKeptRedactions } from "./kept-redactions.js";
import { nameBlobsByText } from "./name-blobs-by-text.js";
import type { CliCaches } from "./open-cli-caches.js";
import type { McpArgs } from "./parse-mcp-args.js";
import { renderAskText } from "./render-ask-text.js";
import { openTokenCounter } from "./open-token-counter.js";
import { askCheckout, defaultAskDeps, type RunAskDeps } from "./run-ask.js";

// The django-sized checkout's 6,713 files are 61 MB on disk, counted four
// times over as search holds them (the same objects as each reader's cache).
const STAMPED_TEXTS_BYTES = 512 * 1024 * 1024;

// A few listings and sets of files read (one per state of the tree an agent
// leaves), each entry a path, a size and a stamp, or a path and a blob SHA
// (the texts are those `stampedTexts` counts).
const STAMPED_LISTINGS_BYTES = 64 * 1024 * 1024;
const LISTED_ENTRY_BYTES = 200;

/**
 * The session `askcode mcp` serves its tools over (`CheckoutSession`):
 * opened once, as `askcode ask` opens one run (the cache directory's
 * caches and token counts, shared with it, so that either's work serves
 * the other, and one token counter, whose tokenizer loads once), with the
 * last whole index held in memory between calls (`holdLastIndex`). Each
 * call opens the checkout anew, so it reads the working tree as an agent
 * left it, and answers a question through `askCheckout`, starting the
 * background index as `askcode ask` does. Throws ConfigError when `--repo`
 * is not a directory.
 *
 * `warm()` loads what a first call on the checkout as it is would load
 * first (see below), so that a call made after it answers as a second one.
 *
 * @example
 * const session = await openMcpSession(args);
 * await serveMcp(session, { stdin: process.stdin, stdout: process.stdout }, { version, repo: args.repo });
 */
export async function openMcpSession(
  args: McpArgs,
  deps: Partial<RunAskDeps> = {},
  /** Git's first answers for `args.repo`, asked before this module loaded (`startCheckoutReads`): the first call's, or the warming's. */
  early?: CheckoutReads,
): Promise<CheckoutSession & { warm(): Promise<void> }> {
  const d = { ...defaultAskDeps, ...deps };
  // A wrong --repo is said at once, not at the first call.
  await d.createLocalCodeHost({ root: args.repo }).close();
  const { counts, tokenCounter } = openTokenCounter(args, d);
  // What redaction made of each file shown, across calls: a warm call
  // redacts nothing it redacted before (the files are named by their text);
  // and, kept in the cache directory, across processes.
  const inMemory = createRedactionMemo({ maxBytes: REDACTION_MEMO_BYTES });
  const version = args.cacheDir ? d.redactionVersion() : undefined;
  const kept =
    args.cacheDir && version
      ? openKeptRedactions(args.cacheDir, {
          version,
          memo: inMemory,
          log: { warn: (line) => stderrLog.warn({}, line) },
        })
      : undefined;
  const redactions = kept?.memo ?? inMemory;
  const redactingOver = (reader: CodeReader) =>
    createRedactingReader(nameBlobsByText(reader), { redactions });
  // Redacted by the texts an answer shows, which the index holds: an answer
  // from a kept index reads no file, so it lists no checkout, as askcode ask.
  const readersOver = (
    files: readonly ReadText[],
    view: CheckoutView,
  ): ShownReaders => {
    const reader = readerOverTexts(files, view.reader);
    return { reader, redacting: redactingOver(reader) };
  };
  const holding = holdLastIndex();
  // Until the whole index lands, each call indexes for its question in two
  // stages: what one call cut, another does not cut again.
  // Each call lists the checkout anew; a file whose stamp did not change
  // is not read and decoded again (search reads every file).
  const stampedTexts = createStampedValues({
    maxBytes: STAMPED_TEXTS_BYTES,
    sizeOf: decodedBytes,
    racyMs: RACY_MS,
  });
  // And the listing by the tree's stamp: an lstat per file spared.
  const stampedListings = createStampedValues<FileSourceEntry[]>({
    maxBytes: STAMPED_LISTINGS_BYTES,
    sizeOf: (entries) => entries.length * LISTED_ENTRY_BYTES,
    racyMs: RACY_MS,
  });
  const memo = createDerivationMemo({
    maxBytes: DEFAULT_DERIVED_CACHE_MAX_BYTES,
  });
  // And the two stages a call assembled are held: a question asked before
  // the whole index lands is ranked on the held first stage and parses
  // only the files it chooses that no call parsed, added to the index so
  // far (about 0.85 s of a second call's 1.1 s on 6,713 files was the
  // two stages assembled again). Let go once a call has the whole index.
  const held: HeldStages = {};
  // And the files read, by the tree's stamp: an agent that edits nothing
  // between two calls has its checkout neither read again nor hashed
  // (about 0.4 s of a second call on 6,713 files).
  const stampedFiles = createStampedValues<SourceFile[]>({
    maxBytes: STAMPED_LISTINGS_BYTES,
    sizeOf: (files) => files.length * LISTED_ENTRY_BYTES,
    racyMs: RACY_MS,
  });
  const openCaches = async (): Promise<CliCaches> => {
    const opened = args.cacheDir ? await d.openCaches(args.cacheDir) : {};
    return { ...opened, snapshots: holding(opened.snapshots) };
  };
  let caches = await openCaches();
  // After an answer from a partial index, the background index writes the
  // rest to the cache directory; a store opened before knows only what it
  // held then (it lists the directory once), so the next call opens it anew.
  let reopen = false;
  const current = async () => {
    if (reopen) {
      caches = await openCaches();
      reopen = false;
    }
    return caches;
  };
  const session: CheckoutSession = {
    async withCheckout(use) {
      const host = d.createLocalCodeHost({
        root: args.repo,
        stampedTexts,
        stampedListings,
        ...(early ? { early } : {}),
      });
      // Taken once: later calls ask git anew, as the checkout may have moved.
      early = undefined;
      try {
        const resolved = await host.resolveRef(args.ref);
        const atCommit = host.at(resolved.sha);
        // What the App leaves out of its index, ask and map leave out; the
        // App's tools (search, read) apply exclude_paths themselves and say
        // what they held back. stderr is the server's log (stdout carries
        // the protocol).
        const reader = withoutExcludedPaths(atCommit, (line) =>
          stderrLog.warn({}, line),
        );
        return await use({
          root: args.repo,
          source: host.label,
          resolved,
          reader,
          redacting: redactingOver(atCommit),
          tokenCounter,
        });
      } finally {
        await host.close();
        // After each call: a server is stopped, not asked to finish.
        await counts?.save();
        await kept?.save();
      }
    },
    async ask(view, question, budget) {
      const { result, context, files } = await askCheckout(
        {
          question,
          ...(args.ref !== undefined ? { ref: args.ref } : {}),
          budget,
          cacheDir: args.cacheDir,
          ...view,
        },
        { caches: await current(), tokenCounter, memo, held, stampedFiles },
        d,
      );
      reopen = result.partialIndex !== undefined;
      if (!reopen) delete held.last;
      return {
        readers: readersOver(files, view),
        text: `${renderAskText(result)}\nPacked context:\n\n${context}\n`,
        shown: [
          ...result.places.map((p) => p.path),
          ...result.alsoRelevant.map((a) => a.path),
          ...result.packing.files.map((f) => f.path),
          ...result.outsideDependencies.flatMap((o) => [
            o.declared.path,
            o.imported.path,
            o.used.path,
          ]),
        ],
      };
    },
    async index(view) {
      const { index } = await indexCheckout(view.reader, {
        ...(await current()),
        now: d.now,
      });
      return { index, readers: readersOver(index.files, view) };
    },
  };
  return {
    ...session,
    // The index kept for the tree as it is now, held as a call holds it.
    // Nothing is built: with no index kept, the first call indexes for its
    // question as it would have. Nor is the checkout listed (an lstat per
    // file, about 100 ms on 6,713 files, and the collections its entries
    // bring on): an ask answered from the index reads no file, and a first
    // read or search lists it as it would have.
    warm: () =>
      session.withCheckout(async (view) => {
        const stamp = await view.reader.treeStamp?.();
        if (stamp) await (await current()).snapshots?.getByTree(stamp);
      }),
  };
}
