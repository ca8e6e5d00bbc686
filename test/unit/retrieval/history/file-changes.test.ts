import { fileChanges } from "../../../../src/retrieval/history/file-changes.js";

describe("fileChanges", () => {
  const history = {
    commit: "0".repeat(40),
    commits: [["a.py"], ["b.py", "a.py"], ["c.py"], ["b.py"]],
  };

  it("counts each asked file's commits and those newer than its newest, newest first", () => {
    const changes = fileChanges(history, ["a.py", "b.py", "c.py"]);
    expect(changes.get("a.py")).toEqual({ since: 0, commits: 2 });
    expect(changes.get("b.py")).toEqual({ since: 1, commits: 2 });
    expect(changes.get("c.py")).toEqual({ since: 2, commits: 1 });
  });

  it("counts a file the history never names as changed just before its oldest commit", () => {
    expect(fileChanges(history, ["d.py"]).get("d.py")).toEqual({
      since: 4,
      commits: 0,
    });
  });

  it("tallies only the files asked for", () => {
    expect([...fileChanges(history, ["c.py"]).keys()]).toEqual(["c.py"]);
  });
});
