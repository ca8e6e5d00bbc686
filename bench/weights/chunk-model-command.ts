import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { createDerivedCache } from "../../src/retrieval/index/derived-cache.js";
import type { Instance } from "../../src/eval/instance.js";
import { DEFAULT_MIRROR_LAYOUT, mirrorPath } from "../swebench/mirror-path.js";
import { fitChunkModel } from "./fit-chunk-model.js";
import { labelChunks, type QuestionRows } from "./label-chunks.js";
import { CHUNK_MODEL_PATH, renderChunkModel } from "./render-chunk-model.js";

export interface ChunkModelCommand {
  instances: readonly Instance[];
  mirrors: string;
  /** The fit's JSON; the labelled rows go beside it (`<out>.chunk-rows.json`). */
  out: string;
  /** Fit these saved rows instead of ranking the instances again. */
  rows?: string;
  /** Rewrite CHUNK_MODEL_PATH, naming this command. */
  write?: string;
  log: (line: string) => void;
}

/**
 * `fit:weights --chunk-model`: labels every instance's ranked chunks
 * (`labelChunks`), saves the rows, fits the chunk model on them and, with
 * `write`, renders it into the source.
 */
export async function runChunkModel(c: ChunkModelCommand): Promise<void> {
  const out = resolve(c.out);
  mkdirSync(dirname(out), { recursive: true });
  let questions: QuestionRows[];
  if (c.rows) {
    questions = JSON.parse(readFileSync(c.rows, "utf8")) as QuestionRows[];
  } else {
    questions = [];
    const derived = createDerivedCache({ maxBytes: 2 * 1024 ** 3 });
    for (const [n, instance] of c.instances.entries()) {
      const rows = await labelChunks({
        instance,
        mirror: mirrorPath(c.mirrors, instance.repo, DEFAULT_MIRROR_LAYOUT),
        derived,
      });
      questions.push(rows);
      // Saved as it goes: a long labelling stopped early still leaves rows to fit.
      writeFileSync(`${out}.chunk-rows.json`, JSON.stringify(questions));
      c.log(
        `[${n + 1}/${c.instances.length}] ${instance.instance_id}: ${rows.chunks.filter((r) => r.gold > 0).length} of ${rows.chunks.length} ranked chunks hold changed lines`,
      );
    }
  }
  const fit = fitChunkModel(questions);
  c.log(
    `files shown ${pct(fit.shown.ranked.files)} → ${pct(fit.shown.fitted.files)}, lines ${pct(fit.shown.ranked.lines)} → ${pct(fit.shown.fitted.lines)} (simulated); newFile ${fit.model.newFile}, cost ${fit.model.cost}, strong ${fit.model.strong}`,
  );
  writeFileSync(out, JSON.stringify(fit, null, 1) + "\n");
  if (c.write) {
    writeFileSync(CHUNK_MODEL_PATH, renderChunkModel(fit, c.write));
    c.log(`wrote ${CHUNK_MODEL_PATH}`);
  }
}

function pct(x: number): string {
  return `${(100 * x).toFixed(1)}%`;
}
