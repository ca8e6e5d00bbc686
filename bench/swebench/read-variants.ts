import { readFileSync } from "node:fs";
import { z } from "zod";
import type { PackVariant } from "../../src/eval/run-budget.js";
import type { ChunkModel } from "../../src/retrieval/rank/chunk-model.js";
import { readChunkModel } from "./read-chunk-model.js";
import { DEFAULT_CO_CHANGE } from "../../src/retrieval/pack/pack-ranked-chunks.js";

// A variant's name goes into a file name (`variantPath`).
const NAME = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;

const share = z.number().min(0).max(1);
const knobsSchema = z
  .object({
    newFile: z.number().min(0),
    cost: z.number().min(0),
    strong: z.number().min(0),
    /** A whole model's file (`readChunkModel`) instead of the run's; the knobs beside it still apply. */
    weights: z.string().min(1),
  })
  .partial()
  .strict();
const coChangeSchema = z
  .object({
    seeds: z.number().int().min(1),
    minSupport: z.number().int().min(1),
    kinds: z
      .array(z.enum(["changelog", "code", "docs", "data", "test"]))
      .min(1),
    maxTokens: z.number().int().min(1),
    maxLines: z.number().int().min(1),
  })
  .partial()
  .strict();
const variantSchema = z
  .object({
    /** false: no co-change tier; an object: the tier with these over DEFAULT_CO_CHANGE. */
    coChange: z.union([z.literal(false), coChangeSchema], {
      error:
        "false, or an object of seeds, minSupport, kinds (changelog, code, docs, data, test), maxTokens and maxLines",
    }),
    /** false: rank order; true: the given model; knobs: the given model (or `weights`' file) with these. */
    chunkModel: z.union([z.boolean(), knobsSchema]),
    mapShare: z.number().min(0).max(0.5),
    maxMapTokens: z.number().int().min(0),
    metadataBelow: share,
    compressBelow: share,
    compressAboveTokens: z.number().int().min(1),
    maxCandidates: z.number().int().min(1),
  })
  .partial()
  .strict();
const variantsSchema = z.record(z.string(), variantSchema);

/**
 * Parses a `--variants` file: packings of each question's one ranking to
 * score beside the run's own, by name, each over the run's packing options:
 *
 *     { "off": { "chunkModel": false },
 *       "nf1-s1": { "chunkModel": { "newFile": 1, "strong": 1 }, "mapShare": 0.04 },
 *       "all": { "chunkModel": { "weights": "/tmp/fitall/all.json" } } }
 *
 * `chunkModel` true packs by `model`, an object by `model` with those knobs
 * (by the model in its `weights` file, read by `readModel`, when it names
 * one: one ranking packed under the shipped and a candidate fit), false in
 * rank order. Throws naming the file and what is wrong.
 *
 * @example
 * parseVariants('{"off":{"chunkModel":false}}', "v.json", CHUNK_MODEL) // [{ name: "off", pack: { chunkModel: null } }]
 */
export function parseVariants(
  text: string,
  source: string,
  model: ChunkModel,
  readModel: (path: string) => ChunkModel = readChunkModel,
): PackVariant[] {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new Error(`${source} is not JSON: ${(error as Error).message}`);
  }
  const parsed = variantsSchema.safeParse(json);
  if (!parsed.success)
    throw new Error(
      `${source} is not a set of packing variants ({"name": {"chunkModel": …, "mapShare": …}}): ` +
        parsed.error.issues
          .map(
            (issue) => `${issue.path.join(".") || "(root)"}: ${issue.message}`,
          )
          .join("; "),
    );
  const variants = Object.entries(parsed.data);
  if (variants.length === 0) throw new Error(`${source} names no variant.`);
  const bad = variants.find(([name]) => !NAME.test(name));
  if (bad)
    throw new Error(
      `${source}: the variant name "${bad[0]}" must be letters, digits, '.', '_' or '-' (it names a file).`,
    );
  return variants.map(([name, { chunkModel, coChange, ...rest }]) => ({
    name,
    pack: {
      ...rest,
      ...(coChange === undefined
        ? {}
        : {
            coChange:
              coChange === false ? null : { ...DEFAULT_CO_CHANGE, ...coChange },
          }),
      ...(chunkModel === undefined
        ? {}
        : {
            chunkModel:
              chunkModel === false
                ? null
                : chunkModel === true
                  ? model
                  : fromKnobs(
                      chunkModel,
                      model,
                      readModel,
                      `${source}: ${name}`,
                    ),
          }),
    },
  }));
}

function fromKnobs(
  { weights, ...knobs }: z.infer<typeof knobsSchema>,
  model: ChunkModel,
  readModel: (path: string) => ChunkModel,
  where: string,
): ChunkModel {
  if (weights === undefined) return { ...model, ...knobs };
  try {
    return { ...readModel(weights), ...knobs };
  } catch (error) {
    throw new Error(`${where}: ${(error as Error).message}`);
  }
}

/** Reads and checks a `--variants` file (see `parseVariants`). */
export function readVariants(path: string, model: ChunkModel): PackVariant[] {
  return parseVariants(readFileSync(path, "utf8"), path, model);
}

/**
 * Where a variant's results go: beside the run's `--out`, its name before
 * the extension.
 *
 * @example
 * variantPath("/tmp/tune/train.json", "off") // "/tmp/tune/train.off.json"
 */
export function variantPath(out: string, name: string): string {
  const dot = out.toLowerCase().endsWith(".json") ? out.length - 5 : out.length;
  return `${out.slice(0, dot)}.${name}${out.slice(dot)}`;
}
