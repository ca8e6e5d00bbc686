import { createHash } from "node:crypto";
import { indexRepository } from "../../../../src/retrieval/index/index-repository.js";
import { loadGrammarsFor } from "../../../../src/retrieval/chunks/chunk-file.js";
import { packContext } from "../../../../src/retrieval/pack/pack-context.js";
import { analyzeQuery } from "../../../../src/retrieval/query/query-analysis.js";
import { rankChunks } from "../../../../src/retrieval/rank/rank-chunks.js";
import type { SourceFile } from "../../../../src/retrieval/types.js";
import { createTokenCounter } from "../../../../src/tokens/create-token-counter.js";

// Packing's speed work (structures cut once, the chunk model's order without
// per-candidate allocations) must not change what it packs. These digests
// were taken from packing before that work (commit f675a3d): any change to
// what is packed, for any of these generated repositories, questions,
// budgets and models, changes one.

const counter = createTokenCounter({ model: "gpt-4o" });

// A seeded generator (mulberry32), so every run packs the same repositories.
function random(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

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
  const next = random(seed);
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
       "874b301b7a0c",
       "5089223b644c",
       "da266bb39981",
       "aa6685fff7c8",
       "fafed3625cda",
       "a2af4fdf8e34",
       "ff3c712803e6",
       "081523508c2b",
       "fe3830ecf6cf",
       "f6c98fbeb7fd",
       "03a17fc737b4",
       "9d2ae785c9b7",
       "d90f22961d4f",
       "1fa970b9a0c6",
       "6a74942ab271",
       "7d4d7089ae89",
       "5e5dceb824e9",
       "a45f7b3ff282",
       "bbae6e3e4e98",
       "be3370387a0e",
       "d728b3abbf56",
       "540ef2b7ff97",
       "d104507cab95",
       "c0adf3af29ae",
       "8ee1d3add075",
       "602eab4f5c6f",
       "1e628c0aaff5",
       "69af3bbc3ed7",
       "ac1682ae8a1d",
       "e6d9c35022ce",
       "2c9269bd7df1",
       "71f59a0633f1",
       "91397cec5c5b",
       "03ae4301f9c1",
       "a7fe8b8baaf3",
       "0984a6e9fab0",
       "6787caceaeaa",
       "0fe303f8c6b3",
       "9de290deb3ef",
       "951d5f5fe97f",
     ]
    `);
  });
});
