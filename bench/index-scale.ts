// Index time and memory against kept text: for repositories of real code of
// a few sizes (files of the git mirrors under --mirrors, laid out
// <owner>+<name>/repo, in order, until
// the size is reached; past what the mirrors hold, their files again under
// copy-N/ with a first line that makes each a new blob), the time to packed
// context of a cold first question, of a question on the next commit (1% of
// the files changed: only those are derived, the rest come from the derived
// cache), of a second question on the same commit (the index is held), and of
// a cold question in a new process whose derived cache is on disk (a blob
// store); and the peak memory of each size, each measured in a process of its
// own. Reading the files (download, git) is not counted. Speed is measured
// here, never asserted in a test.
//   npm run bench:index-scale [-- --sizes 25,50,100,200] [--mirrors DIR]
// (default $SWEBENCH_MIRRORS, else bench/mirrors)
import { loadGrammarsFor } from "../src/retrieval/chunks/chunk-file.js";
import { execFileSync } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { createBlobStore } from "../src/cache/blob-store.js";
import { createDerivedCache } from "../src/retrieval/index/derived-cache.js";
import { gitBlobSha } from "../src/code-host/github/git-blob-sha.js";
import { DEFAULT_MIRRORS } from "./swebench/parse-bench-args.js";
import {
  indexRepository,
  type RepositoryIndex,
} from "../src/retrieval/index/index-repository.js";
import { retrieveContext } from "../src/retrieval/retrieve-context.js";
import type { SourceFile } from "../src/retrieval/types.js";
import { createTokenCounter } from "../src/tokens/create-token-counter.js";
import { mirrorFiles } from "./mirror-files.js";
import { benchCommand, exitMissingInput } from "./parse-bench-command.js";
import { howToMirror } from "./swebench/missing-inputs.js";
import { DEFAULT_MIRROR_LAYOUT } from "./swebench/mirror-path.js";

const MB = 1e6;
const { values } = benchCommand({
  usage: `usage: npm run bench:index-scale [-- --sizes 25,50,100,200] [--mirrors DIR]

Index time and peak memory against kept text, from the files of the git
mirrors under DIR (default $SWEBENCH_MIRRORS, else ${DEFAULT_MIRRORS}; laid out <owner>+<name>/repo).`,
  options: {
    sizes: { type: "string", default: "25,50,100,200" },
    mirrors: { type: "string" },
    // One size, in a process of its own: how this script runs each size.
    size: { type: "string" },
  },
});
const mirrors =
  values.mirrors || process.env.SWEBENCH_MIRRORS || DEFAULT_MIRRORS;
if (mirrorRoots(mirrors).length === 0)
  exitMissingInput(
    `No git mirrors under ${resolve(mirrors)} (--mirrors DIR or SWEBENCH_MIRRORS)`,
    `clone some, e.g. ${howToMirror(mirrors, ["pallets/flask"], DEFAULT_MIRROR_LAYOUT).trim()}`,
  );
const QUESTION =
  "Where is the consumer group rebalance timeout checked, and what happens when the session expires?";

const blobSha = (text: string) => gitBlobSha(Buffer.from(text));

/** The work trees of the git mirrors below `dir`, none when it does not exist. */
function mirrorRoots(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .map((name) => join(dir, name, "repo"))
    .filter((root) => existsSync(root))
    .sort();
}

/** Files of the mirrors until `megabytes` of text; copies of them past that. */
async function repositoryOf(megabytes: number): Promise<SourceFile[]> {
  const roots = mirrorRoots(mirrors);
  const files: SourceFile[] = [];
  let bytes = 0;
  const all: SourceFile[] = [];
  for (const root of roots) {
    for (const file of await mirrorFiles(root)) {
      const named = { ...file, path: `${root.split("/").at(-2)}/${file.path}` };
      all.push(named);
      if (bytes >= megabytes * MB) continue;
      files.push(named);
      bytes += named.text.length;
    }
    if (bytes >= megabytes * MB) return files;
  }
  if (all.length === 0) throw new Error(`no git mirrors under ${mirrors}`);
  for (let copy = 2; bytes < megabytes * MB; copy++)
    for (const file of all) {
      if (bytes >= megabytes * MB) break;
      const text = `// copy ${copy}\n${file.text}`;
      files.push({
        path: `copy-${copy}/${file.path}`,
        text,
        blobSha: blobSha(text),
      });
      bytes += text.length;
    }
  return files;
}

/** The next commit: every hundredth file gains a line (a new blob). */
function nextCommit(files: readonly SourceFile[]): SourceFile[] {
  return files.map((file, i) => {
    if (i % 100 !== 0) return file;
    const text = `${file.text}\n// changed on the next commit\n`;
    return { path: file.path, text, blobSha: blobSha(text) };
  });
}

const tokenCounter = createTokenCounter({ model: "gpt-4o" });

/** Seconds to index (given how) and pack one question's context. */
function question(files: readonly SourceFile[], index: () => RepositoryIndex) {
  const started = performance.now();
  const built = index();
  const indexed = performance.now();
  retrieveContext({
    files,
    index: built,
    question: QUESTION,
    budget: 13_000,
    tokenCounter,
  });
  const done = performance.now();
  return {
    index: built,
    indexSeconds: (indexed - started) / 1000,
    seconds: (done - started) / 1000,
  };
}

async function measureSize(megabytes: number) {
  // The tokenizer loads once per process, before any question is timed.
  const warm = [{ path: "a.py", text: "def a():\n    return 1\n" }];
  retrieveContext({
    files: warm,
    question: QUESTION,
    budget: 100,
    tokenCounter,
  });
  const files = await repositoryOf(megabytes);
  await loadGrammarsFor(files);
  let text = 0;
  for (const file of files) text += file.text.length;
  const afterRead = process.memoryUsage();
  const dir = mkdtempSync(join(tmpdir(), "askcode-index-scale-"));
  try {
    const blobs = await createBlobStore({ dir, maxBytes: 16 * 1024 * MB });
    const derived = createDerivedCache({ maxBytes: 16 * 1024 * MB, blobs });
    const cold = question(files, () => indexRepository(files, {}, { derived }));
    const heapAfterCold = process.memoryUsage().heapUsed;
    const same = question(files, () => cold.index);
    const next = nextCommit(files);
    const onNext = question(next, () => indexRepository(next, {}, { derived }));
    const derivedMB = derived.heldBytes / MB;
    await derived.save();
    // A new process: its derived cache is empty, its blob store is not.
    const fresh = createDerivedCache({ maxBytes: 16 * 1024 * MB, blobs });
    const startedLoad = performance.now();
    await fresh.load(files, {});
    const loadSeconds = (performance.now() - startedLoad) / 1000;
    const fromDisk = question(files, () =>
      indexRepository(files, {}, { derived: fresh }),
    );
    return {
      megabytes: text / MB,
      files: files.length,
      chunks: cold.index.chunks.length,
      coldIndex: cold.indexSeconds,
      cold: cold.seconds,
      nextIndex: onNext.indexSeconds,
      next: onNext.seconds,
      same: same.seconds,
      fromDisk: loadSeconds + fromDisk.seconds,
      derivedMB,
      diskMB: blobs.bytes / MB,
      textHeapMB: afterRead.heapUsed / MB,
      heapAfterColdMB: heapAfterCold / MB,
      peakRssMB: (process.resourceUsage().maxRSS * 1024) / MB,
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const size = values.size;
if (size !== undefined) {
  console.log(JSON.stringify(await measureSize(Number(size))));
} else {
  const sizes = values.sizes.split(",").map(Number);
  if (sizes.some((s) => !Number.isFinite(s) || s <= 0)) {
    process.stderr.write(
      `--sizes must be positive megabytes, comma-separated, not ${values.sizes}\n`,
    );
    process.exit(2);
  }
  console.log(
    "| kept text | files | chunks | cold index | cold to context | next commit (1%) index | next commit to context | same commit | cold, derived on disk | derived cache | on disk | heap: text | heap after cold | peak RSS |",
  );
  console.log("|---|---|---|---|---|---|---|---|---|---|---|---|---|---|");
  for (const s of sizes) {
    // A process per size, so each peak is its own.
    const out = execFileSync(
      process.execPath,
      [
        ...process.execArgv,
        "--max-old-space-size=8192",
        process.argv[1] as string,
        "--size",
        String(s),
        "--mirrors",
        mirrors,
      ],
      { maxBuffer: 1 << 20 },
    ).toString();
    const r = JSON.parse(out.trim().split("\n").at(-1) as string);
    const sec = (x: number) => `${x.toFixed(2)} s`;
    const mb = (x: number) => `${x.toFixed(0)} MB`;
    console.log(
      `| ${mb(r.megabytes)} | ${r.files} | ${r.chunks} | ${sec(r.coldIndex)} | ${sec(r.cold)} | ${sec(r.nextIndex)} | ${sec(r.next)} | ${sec(r.same)} | ${sec(r.fromDisk)} | ${mb(r.derivedMB)} | ${mb(r.diskMB)} | ${mb(r.textHeapMB)} | ${mb(r.heapAfterColdMB)} | ${mb(r.peakRssMB)} |`,
    );
  }
}
