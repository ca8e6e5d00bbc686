import { confidenceSignals } from "../../../../src/retrieval/confidence/confidence-signals.js";
import { analyzeQuery } from "../../../../src/retrieval/query/query-analysis.js";
import {
  ANSWER_PLACES,
  selectPlaces,
} from "../../../../src/retrieval/rank/select-places.js";
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
    '    raise UploadError("upload gave up after every attempt")',
  ]),
  file("pkg/download.py", [
    "def fetch(url):",
    "    return open_url(url).read()",
  ]),
  file("pkg/config.py", ["def load(path):", "    return parse(read(path))"]),
  file("pkg/util.py", ["def read(path):", "    return open(path).read()"]),
];

const rank = rankOver(files);
const rankWithTest = rankOver([
  ...files,
  file("tests/test_upload.py", [
    "def test_retry_failed_upload():",
    "    assert retry_failed_upload(part, 3)",
  ]),
]);

const signals = (question: string) => {
  const ranked = rank(question);
  return confidenceSignals({
    query: analyzeQuery(question),
    ranked,
    places: selectPlaces(ranked, ANSWER_PLACES),
  });
};

describe("confidenceSignals", () => {
  it("counts the question's names that a ranked chunk declares", () => {
    const named = signals("Why does `retry_failed_upload` call `send_later`?");
    expect(named.namesAsked).toBeGreaterThan(0);
    expect(named.namesDeclared).toBeCloseTo(1 / 2);
    expect(named.bestDefines).toBe(1);
    expect(signals("uploads are slow to read").namesDeclared).toBe(0);
  });

  it("counts the paths and stack frames that resolve to a ranked file, and sees the best chunk named by one", () => {
    const framed = signals(
      'upload fails\n\nTraceback (most recent call last):\n  File "pkg/upload.py", line 5, in retry_failed_upload\nUploadError: upload gave up after every attempt',
    );
    expect(framed.pathsAsked).toBe(1);
    expect(framed.pathsResolved).toBe(1);
    expect(framed.bestNamed).toBe(1);
    const elsewhere = signals("see lib/other/thing.py when reading the path");
    expect(elsewhere.pathsAsked).toBe(1);
    expect(elsewhere.pathsResolved).toBe(0);
    expect(elsewhere.bestNamed).toBe(0);
  });

  it("sees a phrase the best chunk holds verbatim", () => {
    const s = signals('it says "upload gave up after every attempt" and stops');
    expect(s.bestPhrase).toBe(1);
    expect(s.bestEvidence).toBeGreaterThan(0);
  });

  it("measures how far the best file stands above the rest, and is 0 with nothing ranked", () => {
    const named = signals("`retry_failed_upload` attempts");
    const vague = signals("read the path");
    expect(named.margin).toBeGreaterThan(vague.margin);
    expect(named.lead).toBeGreaterThan(vague.lead);
    // Only the question's own length is read without a ranking.
    const { questionTerms, ...nothing } = signals("kubernetes helm chart");
    expect(questionTerms).toBeGreaterThan(0);
    expect(Object.values(nothing).every((v) => v === 0)).toBe(true);
  });

  it("sees the file matching best as a whole, and the path holding the question's words, among the shown places", () => {
    const agreeing = signals("upload retries: `retry_failed_upload` gives up");
    expect(agreeing.fileAgrees).toBe(1);
    expect(agreeing.pathAgrees).toBe(1);
    // No file's path holds a word of this question.
    expect(signals("`open_url` returns bytes").pathAgrees).toBe(0);
  });

  it("reads the repository's size and the share of its chunks matched, and errs toward silence without them", () => {
    const question = "`retry_failed_upload` attempts";
    const ranked = rank(question);
    const input = {
      query: analyzeQuery(question),
      ranked,
      places: selectPlaces(ranked, ANSWER_PLACES),
    };
    const small = confidenceSignals({
      ...input,
      repository: { files: 10, chunks: 1000, chunksMatched: 1 },
    });
    expect(small.smallRepository).toBeCloseTo(0.8);
    expect(small.fewMatched).toBe(1);
    const large = confidenceSignals({
      ...input,
      repository: { files: 100_000, chunks: 1000, chunksMatched: 1000 },
    });
    expect(large.smallRepository).toBe(0);
    expect(large.fewMatched).toBe(0);
    const unknown = confidenceSignals(input);
    expect([unknown.smallRepository, unknown.fewMatched]).toEqual([0, 0]);
  });

  it("sees the best file's name among the question's words, without its path", () => {
    // "upload" is a word of the question and the name of pkg/upload.py.
    expect(
      signals("the upload gives up: `retry_failed_upload`").bestFileAsked,
    ).toBe(1);
    // pkg/download.py declares it; "download" is no word of the question.
    expect(signals("`open_url` returns bytes").bestFileAsked).toBe(0);
  });

  it("counts the question's names the best file declares, and how many files declare any", () => {
    const s = signals("`retry_failed_upload` calls `fetch` and `send_later`");
    // The best file declares one of the three names; two files declare some.
    expect(s.namesInBest).toBeCloseTo(1 / 3);
    expect(s.fewDefiners).toBeCloseTo(1 / 2);
    const one = signals("`retry_failed_upload` gives up");
    expect([one.namesInBest, one.fewDefiners]).toEqual([1, 1]);
    expect(signals("uploads are slow").fewDefiners).toBe(0);
  });

  it("counts the shown places' files, the best chunk's evidence and the question's length", () => {
    const narrow = signals("`retry_failed_upload` gives up");
    const wide = signals("read path url fetch load parse upload attempts");
    expect(narrow.placeFiles).toBeLessThan(wide.placeFiles);
    expect(wide.placeFiles).toBeLessThanOrEqual(1);
    expect(narrow.topScore).toBeGreaterThan(0);
    expect(wide.questionTerms).toBeGreaterThan(narrow.questionTerms);
  });

  it("sees whether the file matching best as a whole, or by its path, is the best place's own", () => {
    const leading = signals("upload retries: `retry_failed_upload` gives up");
    expect([leading.fileLeads, leading.pathLeads]).toEqual([1, 1]);
    // pkg/download.py declares `open_url`; no path holds a word of the question.
    expect(signals("`open_url` returns bytes").pathLeads).toBe(0);
  });

  it("sees whether the best place is code rather than a test", () => {
    const question = "`test_retry_failed_upload` fails";
    const ranked = rankWithTest(question);
    const inTest = confidenceSignals({
      query: analyzeQuery(question),
      ranked,
      places: selectPlaces(ranked, ANSWER_PLACES),
    });
    expect(inTest.bestIsCode).toBe(0);
    expect(signals("`retry_failed_upload` gives up").bestIsCode).toBe(1);
  });

  it("keeps every signal within [0, 1]", () => {
    for (const question of [
      "`retry_failed_upload` attempts in pkg/upload.py",
      "read the path",
      "fetch open_url load parse",
    ])
      for (const value of Object.values(signals(question))) {
        expect(value).toBeGreaterThanOrEqual(0);
        expect(value).toBeLessThanOrEqual(1);
      }
  });
});
