import {
  boostTrees,
  marginLoss,
  quantileCuts,
  type BoostOptions,
} from "../../../../bench/weights/boost-trees.js";
import {
  fitChunkModel,
  lineRows,
  rowLogits,
} from "../../../../bench/weights/fit-chunk-model.js";
import { interactionQuestions } from "../../../helpers/interaction-questions.js";
import { treesLogits } from "../../../../src/retrieval/rank/chunk-trees.js";
import { CHUNK_SIGNALS } from "../../../../src/retrieval/rank/chunk-signals.js";

const at = (s: (typeof CHUNK_SIGNALS)[number]) => CHUNK_SIGNALS.indexOf(s);
const questions = () => interactionQuestions();

const OPTIONS: BoostOptions = {
  rounds: 60,
  depth: 2,
  shrinkage: 0.3,
  minHessian: 0.1,
  l2: 0.1,
  bins: 8,
};

describe("boostTrees", () => {
  it("fits an interaction the linear head cannot: the loss falls from the linear head's to near the best possible", () => {
    const rows = lineRows(questions());
    const linear = fitChunkModel(questions(), { steps: 400 });
    const w = Float64Array.from(CHUNK_SIGNALS, (s) => linear.heads.line[s]);
    const base = rowLogits(rows, w);
    // The linear head's best is barely under ln 8 (no order of the four
    // kinds by a sum of two weights puts both gold kinds first).
    expect(marginLoss(rows, "share", base)).toBeGreaterThan(2);
    const boosted = boostTrees(rows, "share", base, OPTIONS);
    // The best possible: both gold chunks at a half each, ln 2.
    expect(boosted.loss.at(-1)).toBeLessThan(0.8);
    expect(boosted.loss[0]).toBeCloseTo(marginLoss(rows, "share", base), 12);
    // The shipped trees give the logits the fit ended with.
    const d = CHUNK_SIGNALS.length;
    const added = treesLogits(
      boosted.trees,
      Array.from({ length: base.length }, (_, r) =>
        rows.x.subarray(r * d, (r + 1) * d),
      ),
    );
    const z = base.map((b, r) => b + (added[r] as number));
    expect(marginLoss(rows, "share", z)).toBeCloseTo(
      boosted.loss.at(-1) as number,
      10,
    );
  });

  it("fits the file head's log-loss the same way", () => {
    const rows = lineRows(questions());
    const files = { ...rows, y: rows.y.map((y) => (y > 0 ? 1 : 0)) };
    const base = new Float64Array(files.y.length);
    const boosted = boostTrees(files, "log", base, OPTIONS);
    expect(boosted.loss[0]).toBeCloseTo(Math.LN2, 10);
    expect(boosted.loss.at(-1)).toBeLessThan(0.05);
  });

  it("grows the same trees, to the bit, from the same rows, and measures watched rows without fitting them", () => {
    const rows = lineRows(questions());
    const base = new Float64Array(rows.y.length);
    const first = boostTrees(rows, "share", base, OPTIONS, { rows, base });
    const second = boostTrees(rows, "share", base, OPTIONS);
    expect(JSON.stringify(second.trees)).toBe(JSON.stringify(first.trees));
    expect(first.watched).toEqual(first.loss);
  });
});

describe("quantileCuts", () => {
  it("splits between the values a signal takes, so a mostly-zero signal still splits 0 from the rest", () => {
    const d = CHUNK_SIGNALS.length;
    const x = new Float64Array(100 * d);
    for (let r = 0; r < 100; r++) x[r * d + at("score")] = r < 97 ? 0 : 1;
    const cuts = quantileCuts(x, d, 16);
    expect(cuts[at("score")]).toEqual([0.5]);
    expect(cuts[at("bias")]).toEqual([]);
  });
});
