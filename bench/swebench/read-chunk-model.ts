import { readFileSync } from "node:fs";
import { z } from "zod";
import type { ChunkModel } from "../../src/retrieval/rank/chunk-model.js";
import {
  CHUNK_SIGNALS,
  HISTORY_SIGNALS,
  type ChunkSignal,
} from "../../src/retrieval/rank/chunk-signals.js";
import {
  compiledTrees,
  type ChunkTree,
} from "../../src/retrieval/rank/chunk-trees.js";

// A head names every signal once: a file fitted before a signal was added or
// removed would pack with weights read against the wrong columns. The
// history's signals alone may be missing (a file fitted before them): they
// then weigh 0, and the model packs as it was fitted to.
const history = new Set<ChunkSignal>(HISTORY_SIGNALS);
const head = z
  .object(
    Object.fromEntries(
      CHUNK_SIGNALS.map((s) => [
        s,
        history.has(s) ? z.number().finite().default(0) : z.number().finite(),
      ]),
    ) as { [S in ChunkSignal]: z.ZodNumber },
  )
  .strict();
// A tree's nodes: splits name their signal, checked with the tree's shape
// by `compiledTrees` (the error then says which tree and node).
const finite = z.number().finite();
const tree = z
  .array(
    z.union([
      z.tuple([z.string(), finite, z.number().int(), z.number().int()]),
      z.tuple([finite]),
    ]),
  )
  .min(1);
const modelSchema = z
  .object({
    line: head,
    file: head,
    trees: z.object({ line: z.array(tree), file: z.array(tree) }).strict(),
    newFile: z.number().min(0),
    cost: z.number().min(0),
    strong: z.number().min(0),
  })
  .partial({ trees: true })
  .strict();

/**
 * A whole chunk model from JSON: the file `fit:weights --chunk-model --out`
 * writes (its `model`), or a model on its own (`line`, `file`, `newFile`,
 * `cost`, `strong`, and boosted `trees` when fitted with them). Throws naming the file and what is wrong, so a typo
 * or a file fitted over other signals never packs a benchmark.
 *
 * @example
 * parseChunkModel(readFileSync("/tmp/fitall/all.json", "utf8"), "all.json").line.score // 1.87
 */
export function parseChunkModel(text: string, source: string): ChunkModel {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new Error(`${source} is not JSON: ${(error as Error).message}`);
  }
  const fitted =
    typeof json === "object" && json !== null && "model" in json
      ? (json as { model: unknown }).model
      : json;
  const parsed = modelSchema.safeParse(fitted);
  if (!parsed.success)
    throw new Error(
      `${source} is not a chunk model (fit:weights --chunk-model --out's file, or {"line", "file", "newFile", "cost", "strong", optional "trees"} over the signals ${CHUNK_SIGNALS.join(", ")}): ` +
        parsed.error.issues
          .map(
            (issue) => `${issue.path.join(".") || "(root)"}: ${issue.message}`,
          )
          .join("; "),
    );
  const { trees, ...model } = parsed.data;
  if (!trees) return model;
  // The schema has checked each node's shape; the signals and children are
  // the evaluator's to check, as packing would read them.
  const checked = {
    line: trees.line as ChunkTree[],
    file: trees.file as ChunkTree[],
  };
  try {
    compiledTrees(checked.line);
    compiledTrees(checked.file);
  } catch (error) {
    throw new Error(
      `${source} is not a chunk model: its ${(error as Error).message}`,
    );
  }
  return { ...model, trees: checked };
}

/** Reads and checks a chunk model's file (see `parseChunkModel`). */
export function readChunkModel(path: string): ChunkModel {
  let text: string;
  try {
    text = readFileSync(path, "utf8");
  } catch (error) {
    throw new Error(
      `cannot read the chunk model ${path}: ${(error as Error).message}`,
    );
  }
  return parseChunkModel(text, path);
}
