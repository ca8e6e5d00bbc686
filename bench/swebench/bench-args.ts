// The harness's options as parsed (parse-bench-args.ts); a file of their own so
// that missing-inputs.ts, which parse-bench-args.ts uses for its help text,
// can name them without an import cycle.

import type { SplitOption } from "../train/read-split.js";
import type { ChunkOptions } from "../../src/retrieval/chunks/chunk-file.js";

/** Where a path setting came from, so a message about it can say what to change. */
export type SettingSource = "option" | "environment" | "default";

export interface BenchArgs {
  data: string;
  dataFrom: SettingSource;
  mirrors: string;
  mirrorsFrom: SettingSource;
  mirrorLayout: string;
  budgets: number[];
  repo?: string;
  /** A split by repository (bench/train/split.json) and the part whose repositories' rows run. */
  split?: SplitOption;
  instances: string[];
  limit?: number;
  /** At most this many instances per repository. */
  perRepo?: number;
  out: string;
  model: string;
  /** "local": read each repository from its mirror; "github": also through the bot's GitHub path against a stand-in. */
  via: "local" | "github";
  /** Forces candidates mode in github mode (a snapshot cap of 0). */
  candidates: boolean;
  /** Keeps what indexing derives per blob across the run's instances, as the app does across questions. */
  warmIndex: boolean;
  /** Indexes each instance for its question: syntax trees only for the files that can reach the context (`indexForOneQuestion`). */
  lazyIndex: boolean;
  /** Reads each mirror's history back from the base commit for packing's co-change tier (off with --no-history). */
  history: boolean;
  /** With --lazy-index: distinct files of the first pass's best chunks to parse (default 100). */
  lazyTopFiles?: number;
  /** How files are cut into chunks (--chunk-max-tokens, --chunk-merge-tokens; none: askcode's defaults). */
  chunk?: ChunkOptions;
  /** The share of each budget kept for the map of files shown by a signature line (0 to 0.5). */
  mapShare?: number;
  /** Pack in the shipped chunk model's order (`CHUNK_MODEL`), which packing leaves off by default. */
  chunkModel: boolean;
  /** A JSON file of packing variants to score on each question's one ranking (`readVariants`). */
  variants?: string;
  /** A JSON file of evidence weights to rank with over the fitted ones. */
  weights?: string;
  /** The shipped vocabulary bridge's weight (`BridgeOptions.weight`); 0 turns the bridge off. */
  bridgeWeight?: number;
  /** Bridged terms per question at most (`BridgeOptions.cap`). */
  bridgeCap?: number;
  /** Repositories to question from their own history instead of instances: a mirror and the commit to count back from. */
  repoAt: Array<{ mirror: string; commit: string }>;
  /** Questions per `--repo-at` repository. */
  historyQuestions: number;
  help: boolean;
}
