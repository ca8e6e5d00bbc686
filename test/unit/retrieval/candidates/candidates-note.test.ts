import { candidatesNote } from "../../../../src/retrieval/candidates/candidates-note.js";

describe("candidatesNote", () => {
  it("gives the host's reason, then the files read from each source", () => {
    expect(
      candidatesNote("the snapshot could not be loaded", [
        { path: "a.py", source: "named" },
        { path: "b.py", source: "path-search" },
        { path: "c.py", source: "path-search" },
      ]),
    ).toBe(
      "the snapshot could not be loaded; read 3 files: 1 named in the question, 0 from code search, 2 from path search",
    );
    expect(candidatesNote("too big", [])).toBe(
      "too big; read 0 files: 0 named in the question, 0 from code search, 0 from path search",
    );
  });
});
