import { createHash } from "node:crypto";
import { indexRepository } from "../../../../src/retrieval/index/index-repository.js";
import { loadGrammarsFor } from "../../../../src/retrieval/chunks/chunk-file.js";
import { packContext } from "../../../../src/retrieval/pack/pack-context.js";
import { analyzeQuery } from "../../../../src/retrieval/query/query-analysis.js";
import { rankChunks } from "../../../../src/retrieval/rank/rank-chunks.js";
import type { SourceFile } from "../../../../src/retrieval/types.js";
import { createTokenCounter } from "../../../../src/tokens/create-token-counter.js";
import { seededRandom } from "../../../helpers/seeded-random.js";

// Packing's speed work (structures cut once, the chunk model's order without
// per-candidate allocations, structures skipped that cannot fit) must not
// change what it packs. These digests were taken from packing before that
// work (commit f675a3d) and again when the shipped model's knobs changed
// (rank order's unchanged): any change to what is packed, for any of these
// generated repositories, questions, budgets and models, changes one.

const counter = createTokenCounter({ model: "gpt-4o" });

const WORDS = [
  "session",
  "cookie",
  "signed",
  "retry",
  "request",
  "config",
  "parser",
  "token",
  "cache",
  "render",
  "score",
  "header",
  "timeout",
  "encode",
];

// A repository of Python modules and a README: functions of every length
// (so some are cut to their structure), named and filled from a small
// vocabulary (so chunks of several files match one question).
function repository(seed: number): { files: SourceFile[]; question: string } {
  const next = seededRandom(seed).next;
  const word = () => WORDS[Math.floor(next() * WORDS.length)] as string;
  const files: SourceFile[] = [];
  for (let f = 0; f < 4 + Math.floor(next() * 8); f++) {
    const functions: string[] = [];
    for (let d = 0; d < 1 + Math.floor(next() * 5); d++) {
      const body = Array.from(
        { length: 2 + Math.floor(next() * 60) },
        (_, k) =>
          next() < 0.1
            ? `    if ${word()}_${k}:\n        return ${word()}`
            : `    ${word()}_${k} = ${word()}(${word()}, ${k})`,
      );
      functions.push(
        `def ${word()}_${word()}_${d}(${word()}):\n    """Handles the ${word()} ${word()}."""\n${body.join("\n")}\n    return ${word()}\n`,
      );
    }
    files.push({
      path: `pkg/${word()}_${f}.py`,
      text: `import ${word()}\n\n\n${functions.join("\n\n")}`,
    });
  }
  files.push({
    path: "README.md",
    text: `# ${word()}\n\nHow the ${word()} and the ${word()} work.\n\n## ${word()}\n\n${Array.from({ length: 30 }, () => `The ${word()} ${word()}s the ${word()}.`).join("\n")}\n`,
  });
  return {
    files,
    question: `why is the ${word()} ${word()} wrong when the ${word()} ${word()}s?`,
  };
}

async function packed(seed: number): Promise<string> {
  const { files, question } = repository(seed);
  await loadGrammarsFor(files);
  const index = indexRepository(files, { maxTokens: 200, mergeTokens: 60 });
  const { ranked, available } = rankChunks(index, analyzeQuery(question));
  const lineCounts = new Map(index.files.map((f) => [f.path, f.lineCount]));
  const hash = createHash("sha256");
  for (const budget of [400, 1500, 4000])
    for (const chunkModel of [undefined, null])
      hash.update(
        JSON.stringify(
          packContext({
            ranked,
            chunksAvailable: available,
            files: index.files,
            lineCount: (path) => lineCounts.get(path) ?? 0,
            budget,
            tokenCounter: counter,
            options: {
              wholeRepository: false,
              ...(chunkModel === undefined ? {} : { chunkModel }),
            },
          }),
        ),
      );
  return hash.digest("hex").slice(0, 12);
}

describe("packContext over generated repositories", () => {
  it("packs what packing packed before its speed work, with the chunk model and without", async () => {
    const digests: string[] = [];
    for (let seed = 1; seed <= 40; seed++) digests.push(await packed(seed));
    expect(digests).toMatchInlineSnapshot(`
     [
       "19171ba9f007",
       "c5a7b89e448f",
       "840a1dab4409",
       "c2cea22f9234",
       "9cc6d3a8d199",
       "3e64a2284263",
       "d9f5dfe3172d",
       "87a4ac116c4e",
       "11477ebdb581",
       "a2f1c1d6a50e",
       "7c1618949932",
       "dcd9c98967a9",
       "0734828a4683",
       "08acfde60b03",
       "52cb161fb396",
       "230aaaff5a03",
       "8a41c1eaa796",
       "3c0a19f75c3f",
       "d6a5cf094c09",
       "22864a013d69",
       "549c7c5e31dc",
       "ec408ba01d63",
       "8e4682c85016",
       "8ea14d04cf55",
       "a8943bfda32c",
       "d17fa1899ac6",
       "f0cdd9f4aae8",
       "72022b583518",
       "3d5825ff0543",
       "704b61e1b346",
       "d282d698ca33",
       "722a15cd0481",
       "c3d451dd44b5",
       "fa3441ee6297",
       "d9145e0f8877",
       "ebbeeee794f2",
       "0c5c8ea494ed",
       "484161e52eb8",
       "396981b411cc",
       "4e54533741d8",
     ]
    `);
  });
});
