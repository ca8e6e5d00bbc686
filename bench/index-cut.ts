// What a chunk size costs to index: one checkout's files (read as retrieval
// reads them) indexed cold with the cut given, and the chunks it made, the
// heap the index holds and the time it took. Run it under cachegrind for
// instruction counts, which a machine shared with other work leaves alone:
//   valgrind --tool=cachegrind --cache-sim=no node --expose-gc --import tsx \
//     bench/index-cut.ts --checkout DIR --chunk-max-tokens 200 --chunk-merge-tokens 100
// (--no-index reads and loads the grammars only: the part every cut shares).
import { loadGrammarsFor } from "../src/retrieval/chunks/chunk-file.js";
import { indexRepository } from "../src/retrieval/index/index-repository.js";
import { mirrorFiles } from "./mirror-files.js";
import { benchCommand } from "./parse-bench-command.js";
import {
  CHUNK_OPTION_FLAGS,
  CHUNK_OPTIONS_USAGE,
  chunkOptionsFromFlags,
} from "./swebench/chunk-options-arg.js";

const usage = `usage: npm run bench:index-cut -- --checkout DIR [--chunk-max-tokens N] [--chunk-merge-tokens M] [--no-index]

Indexes the files of the git repository DIR at HEAD once, cold, cut as asked
(askcode's defaults when neither option is given), and prints the chunks
made, the memory the index holds after a collection (heap and external) and the indexing time.
Run node with --expose-gc (npm run bench:index-cut does).

  --checkout DIR         a git repository (bare or not)
${CHUNK_OPTIONS_USAGE}
  --no-index             read the files and load the grammars only (the base an
                         instruction count of each cut is compared over)
`;
const { values } = benchCommand({
  usage,
  options: {
    checkout: { type: "string" },
    "no-index": { type: "boolean", default: false },
    ...CHUNK_OPTION_FLAGS,
  },
});
if (!values.checkout) {
  process.stderr.write(`--checkout is required\n\n${usage}`);
  process.exit(2);
}
const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) {
  process.stderr.write(`run node with --expose-gc\n\n${usage}`);
  process.exit(2);
}
const chunk = chunkOptionsFromFlags(values) ?? {};
const files = await mirrorFiles(values.checkout);
await loadGrammarsFor(files);
gc();
// The heap and what lives outside it (the index's typed arrays).
const held = () => {
  const m = process.memoryUsage();
  return m.heapUsed + m.external;
};
const before = held();
const started = performance.now();
const index = values["no-index"] ? undefined : indexRepository(files, chunk);
const ms = performance.now() - started;
gc();
const heldBytes = held() - before;
process.stdout.write(
  `${JSON.stringify({
    checkout: values.checkout,
    chunk,
    files: files.length,
    chunks: index?.chunks.length ?? 0,
    heldMb: +(heldBytes / 1e6).toFixed(1),
    indexMs: Math.round(ms),
  })}\n`,
);
// Kept reachable until the heap was measured.
if (index && index.chunks.length < 0) process.exit(1);
