import { answerConfidence } from "../../../../src/retrieval/confidence/answer-confidence.js";
import { FITTED_GATE } from "../../../../src/retrieval/confidence/fitted-gate.js";
import { gateScore } from "../../../../src/retrieval/confidence/gate-model.js";
import {
  CONFIDENCE_SIGNALS,
  type ConfidenceSignals,
} from "../../../../src/retrieval/confidence/confidence-signals.js";
import { analyzeQuery } from "../../../../src/retrieval/query/query-analysis.js";
import { rankOver } from "../../../helpers/rank-over.js";
import type { SourceFile } from "../../../../src/retrieval/types.js";

const file = (path: string, lines: string[]): SourceFile => ({
  path,
  text: lines.join("\n") + "\n",
});

const files: SourceFile[] = [
  file("pkg/upload.py", [
    "def retry_failed_upload(part, attempts):",
    "    for attempt in range(attempts):",
    "        if part.send():",
    "            return True",
    "    return False",
  ]),
  file("pkg/download.py", [
    "def fetch(url):",
    "    return open_url(url).read()",
  ]),
  file("pkg/config.py", ["def load(path):", "    return parse(read(path))"]),
  file("pkg/log.py", ["def info(message):", "    print(message)"]),
  file("pkg/util.py", ["def read(path):", "    return open(path).read()"]),
];

const rank = rankOver(files);

const confidence = (question: string) =>
  answerConfidence({ query: analyzeQuery(question), ranked: rank(question) });

describe("answerConfidence", () => {
  it("scores a question naming one function above one whose words are everywhere", () => {
    const named = confidence(
      "Where does `retry_failed_upload` give up on a part?",
    );
    const vague = confidence("read the path");
    expect(named.score).toBeGreaterThan(vague.score);
    expect(named.score).toBeGreaterThan(0.5);
  });

  it("scores nothing when no file matches", () => {
    expect(confidence("kubernetes helm chart").score).toBe(0);
  });

  it("keeps every signal within [0, 1]", () => {
    const { signals, score } = confidence("`retry_failed_upload` attempts");
    for (const value of [score, ...Object.values(signals)]) {
      expect(value).toBeGreaterThanOrEqual(0);
      expect(value).toBeLessThanOrEqual(1);
    }
  });

  it("combines the signals by the model it is given, the fitted one by default", () => {
    const question = "Where does `retry_failed_upload` give up on a part?";
    const evidence = { query: analyzeQuery(question), ranked: rank(question) };
    const { score, signals } = answerConfidence(evidence);
    expect(score).toBe(gateScore(FITTED_GATE, signals));
    const marginOnly = {
      kind: "logistic" as const,
      intercept: -1,
      weights: {
        ...(Object.fromEntries(
          CONFIDENCE_SIGNALS.map((name) => [name, 0]),
        ) as ConfidenceSignals),
        margin: 2,
      },
    };
    expect(answerConfidence(evidence, marginOnly).score).toBeCloseTo(
      1 / (1 + Math.exp(-(2 * (signals.margin ?? 0) - 1))),
      12,
    );
    // A tree: a best chunk declaring a name of the question leads to 0.9.
    const tree = {
      kind: "tree" as const,
      nodes: [
        { signal: "bestDefines" as const, atLeast: 0.5, then: 1, else: 2 },
        { leaf: 0.9 },
        { leaf: 0.2 },
      ],
    };
    expect(signals.bestDefines).toBe(1);
    expect(answerConfidence(evidence, tree).score).toBe(0.9);
  });
});
