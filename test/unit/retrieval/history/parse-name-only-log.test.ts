import { parseNameOnlyLog } from "../../../../src/retrieval/history/parse-name-only-log.js";

// Bytes as `git log --no-renames --name-only --format=%x00` writes them for
// three commits of 3b1b/manim, with a merge (no files) added between.
const LOG =
  "\0\n\nmanimlib/mobject/svg/text_mobject.py\n" +
  "\0\n" +
  "\0\n\nmanimlib/camera/camera.py\nmanimlib/mobject/types/vectorized_mobject.py\nperf_scenes.py\n" +
  "\0\n\nmanimlib/mobject/svg/text_mobject.py\n";

describe("parseNameOnlyLog", () => {
  it("gives each commit's files, newest first, and leaves out merges", () => {
    expect(parseNameOnlyLog(LOG, 30)).toStrictEqual([
      ["manimlib/mobject/svg/text_mobject.py"],
      [
        "manimlib/camera/camera.py",
        "manimlib/mobject/types/vectorized_mobject.py",
        "perf_scenes.py",
      ],
      ["manimlib/mobject/svg/text_mobject.py"],
    ]);
  });

  it("leaves out commits that touch more than maxFiles", () => {
    expect(parseNameOnlyLog(LOG, 2)).toStrictEqual([
      ["manimlib/mobject/svg/text_mobject.py"],
      ["manimlib/mobject/svg/text_mobject.py"],
    ]);
  });

  it("reads an empty history as no commits", () => {
    expect(parseNameOnlyLog("", 30)).toStrictEqual([]);
  });

  it("names a maxFiles that is not a whole number of files", () => {
    expect(() => parseNameOnlyLog(LOG, 0)).toThrow(
      "maxFiles must be a whole number of files, 1 or more (got 0)",
    );
  });
});
