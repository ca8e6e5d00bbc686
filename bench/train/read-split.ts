import { readFileSync } from "node:fs";
import { z } from "zod";
import { instanceSchema } from "../../src/eval/instance.js";
import type { RepositorySplit } from "./split-by-repository.js";

/** The two parts of a split, as `--part` names them. */
export const SPLIT_PARTS = ["held-out", "training"] as const;
export type SplitPart = (typeof SPLIT_PARTS)[number];

// A repository as an instance names it ("owner/name").
const repo = instanceSchema.shape.repo;
const splitSchema = z.object({
  "held-out": z.array(repo),
  training: z.array(repo),
});

/**
 * Parses a split file (`bench/train/split.json`) and checks it is one: a
 * repository named on both sides would put its rows in the training part and
 * in the part it is measured on, so that throws, naming the repository.
 *
 * @example
 * parseSplit('{"held-out":["a/x"],"training":["b/y"]}', "split.json") // { "held-out": ["a/x"], training: ["b/y"] }
 */
export function parseSplit(text: string, source: string): RepositorySplit {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new Error(`${source} is not JSON: ${(error as Error).message}`);
  }
  const parsed = splitSchema.safeParse(json);
  if (!parsed.success)
    throw new Error(
      `${source} is not a split ({"held-out": [repos], "training": [repos]}): ` +
        parsed.error.issues
          .map(
            (issue) => `${issue.path.join(".") || "(root)"}: ${issue.message}`,
          )
          .join("; "),
    );
  const heldOut = new Set(parsed.data["held-out"].map((r) => r.toLowerCase()));
  const both = parsed.data.training.filter((r) => heldOut.has(r.toLowerCase()));
  if (both.length > 0)
    throw new Error(
      `${source} names ${both.join(", ")} in both parts; a repository belongs to one.`,
    );
  return parsed.data;
}

/** Reads and checks a split file (see `parseSplit`). */
export function readSplit(path: string): RepositorySplit {
  return parseSplit(readFileSync(path, "utf8"), path);
}

/** A split file and the part of it a command runs on. */
export interface SplitOption {
  path: string;
  part: SplitPart;
}

/**
 * `--split FILE` and `--part NAME` as a command line gives them: both or
 * neither (undefined), and a part a split has; throws naming what is wrong.
 *
 * @example
 * splitOption("bench/train/split.json", "held-out") // { path: "bench/train/split.json", part: "held-out" }
 * splitOption(undefined, undefined)                  // undefined
 */
export function splitOption(
  path: string | undefined,
  part: string | undefined,
): SplitOption | undefined {
  if (path === undefined && part === undefined) return undefined;
  if (path === undefined || part === undefined)
    throw new Error(
      "--split and --part go together (the split file and which of its parts to run).",
    );
  const known = SPLIT_PARTS.find((name) => name === part);
  if (known === undefined)
    throw new Error(
      `--part must be ${SPLIT_PARTS.map((name) => `"${name}"`).join(" or ")}, got "${part}".`,
    );
  return { path, part: known };
}

/** The repositories of one part of a split file, read and checked (`readSplit`). */
export function partRepositories(option: SplitOption): Set<string> {
  return new Set(readSplit(option.path)[option.part]);
}
