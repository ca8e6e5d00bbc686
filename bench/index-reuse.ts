// Time to packed context for a first and a second question on one commit:
// the second takes the index the first built (src/retrieval/index/index-cache.ts)
// and reads no file. Runs what answerQuestion runs (redacting reader, file
// collection, index, rank, pack) on this repository at HEAD and on a
// generated repository of --megabytes of code (default 20; the target
// is a second question under 2 s at 100). Speed is measured here, never
// asserted in a test.
//   npm run bench:index-reuse [-- --megabytes 100]
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createLocalCodeHost } from "../src/code-host/local/local-code-host.js";
import { createRedactingReader } from "../src/code-host/redacting-reader.js";
import { buildContext } from "../src/retrieval/build-context.js";
import {
  createIndexCache,
  indexKey,
  type IndexCache,
} from "../src/retrieval/index/index-cache.js";
import { candidateQueries } from "../src/retrieval/candidates/candidate-queries.js";
import { indexForQuestion } from "../src/run/index-for-question.js";
import { createTokenCounter } from "../src/tokens/create-token-counter.js";
import { createPathPolicy } from "../src/tools/path-policy.js";
import { benchCommand } from "./parse-bench-command.js";

const { values } = benchCommand({
  usage: `usage: npm run bench:index-reuse [-- --megabytes 20]

A first and a second question on one commit through the index cache, on this
repository and on a generated repository of --megabytes MB of code.`,
  options: { megabytes: { type: "string", default: "20" } },
});
const megabytes = Number(values.megabytes);
if (!Number.isFinite(megabytes) || megabytes <= 0) {
  process.stderr.write(
    `--megabytes must be a positive number, not ${values.megabytes}\n`,
  );
  process.exit(2);
}

const tokenCounter = createTokenCounter({ model: "gpt-4o" });
const policy = createPathPolicy([]);
const exclude = (path: string) => policy.hidden(path) !== undefined;
// Past any repository here: every one is read whole, as under the snapshot cap.
const MAX_REPOSITORY_BYTES = 4 * 1024 * 1024 * 1024;

/** One question, from the commit to the packed context, through `indexes` when given. */
async function packedContext(
  root: string,
  question: string,
  indexes: IndexCache | undefined,
) {
  const host = createLocalCodeHost({
    root,
    limits: { maxFileBytes: 4 * 1024 * 1024 },
  });
  try {
    const started = performance.now();
    const { sha } = await host.resolveRef();
    const reader = createRedactingReader(host.at(sha));
    const collected = await indexForQuestion(
      reader,
      candidateQueries(question),
      {
        maxRepositoryBytes: MAX_REPOSITORY_BYTES,
        exclude,
        cache: indexes && {
          indexes,
          key: indexKey({
            namespace: "bench",
            owner: "o",
            repo: root,
            sha,
            excludePaths: [],
          }),
        },
      },
    );
    const built = await buildContext({
      reader,
      index: collected.index,
      question,
      budget: 13_000,
      tokenCounter,
    });
    return {
      ms: performance.now() - started,
      files: built.fileCount,
      chunks: collected.index.chunks.length,
      reused: collected.reused,
      tokens: built.context.tokensUsed,
    };
  } finally {
    await host.close();
  }
}

async function measure(
  label: string,
  root: string,
  questions: [string, string],
) {
  const indexes = createIndexCache({ maxBytes: 16 * 1024 * 1024 * 1024 });
  const first = await packedContext(root, questions[0], indexes);
  const second = await packedContext(root, questions[1], indexes);
  const uncached = await packedContext(root, questions[1], undefined);
  const mb = (indexes.heldBytes / 1e6).toFixed(0);
  console.log(
    `${label}: ${first.files} files, ${first.chunks} chunks, index ≈ ${mb} MB (estimate)`,
  );
  for (const [name, run] of [
    ["first question ", first],
    ["second, reused ", second],
    ["second, no cache", uncached],
  ] as const)
    console.log(
      `  ${name} ${run.ms.toFixed(0).padStart(7)} ms  reused=${String(run.reused).padEnd(5)} packed ${run.tokens} tokens`,
    );
}

/** A generated TypeScript repository of about `megabytes` MB in files of 20 KB. */
function generateRepository(megabytes: number): string {
  const root = mkdtempSync(join(tmpdir(), "askcode-index-reuse-"));
  // The words questions below name, one per module family.
  const words =
    "parse render queue route store fetch merge split check flush".split(" ");
  const fileCount = Math.ceil((megabytes * 1e6) / 20_000);
  for (let i = 0; i < fileCount; i++) {
    const lines: string[] = [];
    for (let n = 0, size = 0; size < 20_000; n++) {
      const line =
        n % 8 === 0
          ? `export function ${words[n % 10]}${words[(n + i) % 10]}${i}_${n}(input: number): number {`
          : n % 8 === 7
            ? "}"
            : `  const ${words[(n * 7) % 10]}${n} = input * ${n} + ${i}; // ${words[(n * 3) % 10]} ${words[(i + n) % 10]}`;
      lines.push(line);
      size += line.length + 1;
    }
    const dir = join(root, "src", words[i % 10] as string, String(i % 50));
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, `module-${i}.ts`), lines.join("\n") + "\n");
  }
  return root;
}

await measure("askcode at HEAD", process.cwd(), [
  "Where does the index cache decide whether to keep an index?",
  "How does the redacting reader keep line numbers of secrets?",
]);
const generated = generateRepository(megabytes);
try {
  await measure(`generated, ${megabytes} MB`, generated, [
    "Where is parserender3 computed?",
    "What does queuestore1200_8 return for a merge check?",
  ]);
} finally {
  rmSync(generated, { recursive: true, force: true });
}
