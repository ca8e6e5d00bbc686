import type { CodeReader } from "./code-host.js";

/** Which paths a reader hides, and the words its missing-file note gives for them. */
export interface HidingRule {
  hidden(path: string, isDirectory: boolean): boolean;
  /** "excluded by .github/askcode.yml's exclude_paths". */
  why: string;
}

/**
 * A reader that never lists, reads or finds the paths its rule hides, as if
 * the commit did not hold them: the repository's `exclude_paths` applied
 * where the reader is made, so everything read through it (the index, the
 * snapshots kept of it and found by its listing, search) leaves them out
 * alike. A hidden file reads as missing, with the rule's `why` as its note.
 *
 * The rule is asked for once, when a read first needs it (undefined: hide
 * nothing), so that a caller that only takes the tree's stamp (a warm
 * question finding its kept index) reads no settings file, since on a
 * working tree a read lists the checkout first. The stamp is the inner
 * reader's: the rule comes from a file in the same tree, so the stamp moves
 * whenever the rule could.
 *
 * @example
 * const reader = createHidingReader(host.at(sha), async () => ({ hidden: (p) => p.startsWith("fixtures/"), why: "excluded here" }));
 * (await reader.listTree()).entries.some((e) => e.path.startsWith("fixtures/")) // false
 */
export function createHidingReader(
  inner: CodeReader,
  rule: () => Promise<HidingRule | undefined>,
): CodeReader {
  let ruling: Promise<HidingRule | undefined> | undefined;
  const ruled = () => (ruling ??= rule());
  const visible =
    (hiding: HidingRule | undefined) =>
    (entry: { path: string; type: string }) =>
      !hiding?.hidden(entry.path, entry.type === "dir");
  return {
    get sha() {
      return inner.sha;
    },
    async searchCode(query) {
      const [hiding, result] = await Promise.all([
        ruled(),
        inner.searchCode(query),
      ]);
      const hits = result.hits.filter(
        (hit) => !hiding?.hidden(hit.path, false),
      );
      const left = result.hits.length - hits.length;
      // The inner notes counted them: say where they went.
      return left === 0 || !hiding
        ? result
        : {
            ...result,
            hits,
            totalCount: result.totalCount - left,
            notes: [
              ...result.notes,
              `${left} ${left === 1 ? "match is" : "matches are"} in files ${hiding.why}, not shown.`,
            ],
          };
    },
    async readFile(path, options) {
      const hiding = await ruled();
      return hiding?.hidden(path, false)
        ? { kind: "missing", path, note: `${path} is ${hiding.why}.` }
        : inner.readFile(path, options);
    },
    async listDirectory(path, options) {
      const [hiding, listing] = await Promise.all([
        ruled(),
        inner.listDirectory(path, options),
      ]);
      return { ...listing, entries: listing.entries.filter(visible(hiding)) };
    },
    async listTree() {
      const [hiding, tree] = await Promise.all([ruled(), inner.listTree()]);
      return { ...tree, entries: tree.entries.filter(visible(hiding)) };
    },
    // What no path hides: the stamp (see above), whether reading everything
    // is cheap, and the history of lines the ranking (which never saw a
    // hidden file) cites.
    ...(inner.treeStamp ? { treeStamp: inner.treeStamp.bind(inner) } : {}),
    ...(inner.wholeRepository
      ? { wholeRepository: inner.wholeRepository.bind(inner) }
      : {}),
    ...(inner.lineHistory
      ? { lineHistory: inner.lineHistory.bind(inner) }
      : {}),
  };
}
