import { fileChanges } from "../../../../src/retrieval/history/file-changes.js";

describe("fileChanges", () => {
  it("counts each file's commits and those newer than its newest, newest first", () => {
    const history = {
      commit: "0".repeat(40),
      commits: [["a.py"], ["b.py", "a.py"], ["c.py"], ["b.py"]],
    };
    const changes = fileChanges(history);
    expect(changes.get("a.py")).toEqual({ since: 0, commits: 2 });
    expect(changes.get("b.py")).toEqual({ since: 1, commits: 2 });
    expect(changes.get("c.py")).toEqual({ since: 2, commits: 1 });
    expect(changes.has("d.py")).toBe(false);
  });

  it("builds once per history and keeps it", () => {
    const history = { commit: "0".repeat(40), commits: [["a.py"]] };
    expect(fileChanges(history)).toBe(fileChanges(history));
    expect(fileChanges({ ...history })).not.toBe(fileChanges(history));
  });
});
