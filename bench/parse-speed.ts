// Parse speed and memory of the syntax-tree declarations (src/retrieval/chunks)
// over real code: the files of a few git mirrors (--mirrors DIR, laid out
// <owner>+<name>/repo), per language, in MB/s of text through declarationsOf
// (parse, walk, tree deleted). Every file is parsed twice: the resident set
// after the second pass shows whether WebAssembly memory (which the garbage
// collector never frees) grows with the number of parses. Reading the files
// (git) is not counted. Speed is measured here, never asserted in a test.
//   npm run bench:parse [-- --mirrors DIR] [--repos tokio-rs+tokio,nlohmann+json]
// (default $SWEBENCH_MIRRORS, else bench/mirrors)
import { existsSync } from "node:fs";
import { join, resolve } from "node:path";
import { performance } from "node:perf_hooks";
import { declarationsOf } from "../src/retrieval/chunks/declarations-of.js";
import { hasGrammar } from "../src/retrieval/chunks/load-grammar.js";
import { syntaxLanguageForPath } from "../src/text/syntax-language-for-path.js";
import type { SyntaxLanguage } from "../src/text/languages.js";
import { mirrorFiles } from "./mirror-files.js";
import { DEFAULT_MIRRORS } from "./swebench/parse-bench-args.js";
import { benchCommand, exitMissingInput } from "./parse-bench-command.js";
import { howToMirror } from "./swebench/missing-inputs.js";
import { DEFAULT_MIRROR_LAYOUT } from "./swebench/mirror-path.js";

const MB = 1e6;
const MIB = 1024 * 1024;
const { values } = benchCommand({
  usage: `usage: npm run bench:parse [-- --mirrors DIR] [--repos tokio-rs+tokio,pallets+flask]

Parse speed (MB/s per language) and memory of the syntax-tree declarations,
over the files of the git mirrors DIR/<owner>+<name>/repo
(default $SWEBENCH_MIRRORS, else ${DEFAULT_MIRRORS}).`,
  options: {
    mirrors: { type: "string" },
    // One repository per language of the multi-language set, and Python.
    repos: {
      type: "string",
      default:
        "tokio-rs+tokio,nlohmann+json,facebook+zstd,FasterXML+jackson-core,iamkun+dayjs,pallets+flask",
    },
  },
});
const mirrors =
  values.mirrors || process.env.SWEBENCH_MIRRORS || DEFAULT_MIRRORS;
const repos = values.repos.split(",");
const unmirrored = repos.filter(
  (repo) => !existsSync(join(mirrors, repo, "repo")),
);
if (unmirrored.length > 0)
  exitMissingInput(
    `No git mirror for ${unmirrored.join(", ")} under ${resolve(mirrors)} (--mirrors DIR or SWEBENCH_MIRRORS; --repos picks others)`,
    howToMirror(
      mirrors,
      unmirrored.map((repo) => repo.replace("+", "/")),
      DEFAULT_MIRROR_LAYOUT,
    )
      .trim()
      .replaceAll("\n  ", "; "),
  );

interface Tally {
  files: number;
  bytes: number;
  ms: number;
  declarations: number;
  errors: number;
}

const memory = () => {
  (globalThis as { gc?: () => void }).gc?.();
  const { rss, heapUsed } = process.memoryUsage();
  return `rss ${(rss / MIB).toFixed(0)} MiB, heap ${(heapUsed / MIB).toFixed(0)} MiB`;
};

const sources: { language: SyntaxLanguage; text: string }[] = [];
for (const repo of repos) {
  const root = join(mirrors, repo, "repo");
  for (const file of await mirrorFiles(root)) {
    const language = syntaxLanguageForPath(file.path);
    if (language && hasGrammar(language))
      sources.push({ language, text: file.text });
  }
}
console.log(
  `${sources.length} files of ${repos.join(", ")} read; before parsing: ${memory()}`,
);

for (const pass of [1, 2]) {
  const tallies = new Map<SyntaxLanguage, Tally>();
  for (const { language, text } of sources) {
    const tally = tallies.get(language) ?? {
      files: 0,
      bytes: 0,
      ms: 0,
      declarations: 0,
      errors: 0,
    };
    tallies.set(language, tally);
    const start = performance.now();
    try {
      tally.declarations += (await declarationsOf(language, text)).length;
    } catch {
      tally.errors++;
    }
    tally.ms += performance.now() - start;
    tally.files++;
    tally.bytes += Buffer.byteLength(text);
  }
  console.log(`\npass ${pass} (${memory()} after it)`);
  console.log("language     files      MB    MB/s  declarations  errors");
  for (const [language, t] of [...tallies].sort()) {
    console.log(
      [
        language.padEnd(10),
        String(t.files).padStart(7),
        (t.bytes / MB).toFixed(1).padStart(7),
        (t.bytes / MB / (t.ms / 1000)).toFixed(1).padStart(7),
        String(t.declarations).padStart(13),
        String(t.errors).padStart(7),
      ].join(" "),
    );
  }
}
