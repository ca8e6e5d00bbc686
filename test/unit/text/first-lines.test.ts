import { firstLines } from "../../../src/text/first-lines.js";

describe("firstLines", () => {
  it("gives the first lines, without their line ends", () => {
    expect(firstLines("a\r\nb\nc\nd", 2)).toEqual(["a\r", "b"]);
  });

  it("gives every line of a shorter text, the empty one after a last line end included", () => {
    expect(firstLines("a\nb\n", 5)).toEqual(["a", "b", ""]);
    expect(firstLines("", 3)).toEqual([""]);
  });

  it("gives none when none are asked for", () => {
    expect(firstLines("a\nb", 0)).toEqual([]);
  });
});
