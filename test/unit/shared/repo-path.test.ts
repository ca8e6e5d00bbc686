import { InvalidPathError } from "../../../src/shared/errors.js";
import { isWithin, normalizeRepoPath } from "../../../src/shared/repo-path.js";

describe("normalizeRepoPath", () => {
  it.each([
    ["src/index.ts", "src/index.ts"],
    ["./src//index.ts", "src/index.ts"],
    ["src/./a/", "src/a"],
    ["/", ""],
    ["", ""],
    [".", ""],
  ])("normalises %j to %j", (input, expected) => {
    expect(normalizeRepoPath(input)).toBe(expected);
  });

  it.each([
    ["../etc/passwd", "'..' is not allowed"],
    ["src/../../x", "'..' is not allowed"],
    ["src/..", "'..' is not allowed"],
    ["/etc/passwd", "absolute path"],
    ["C:/Windows", "absolute path"],
    ["file:///etc/passwd", "absolute path"],
    ["src\\index.ts", "forward slashes"],
    ["src/a\0.ts", "NUL byte"],
  ])("rejects %j (%s)", (input, reason) => {
    expect(() => normalizeRepoPath(input)).toThrow(InvalidPathError);
    expect(() => normalizeRepoPath(input)).toThrow(reason);
  });

  it("rejects a path longer than 4096 characters", () => {
    expect(() => normalizeRepoPath("a/".repeat(2500))).toThrow(
      "longer than 4096 characters",
    );
  });

  it("keeps the offending path on the error", () => {
    try {
      normalizeRepoPath("../x");
      throw new Error("expected a throw");
    } catch (error) {
      expect(error).toBeInstanceOf(InvalidPathError);
      expect((error as InvalidPathError).path).toBe("../x");
    }
  });
});

describe("isWithin", () => {
  it("treats the root as containing everything", () => {
    expect(isWithin("src/a.ts", "")).toBe(true);
  });

  it("matches the directory itself and paths below it, not siblings sharing a prefix", () => {
    expect(isWithin("src", "src")).toBe(true);
    expect(isWithin("src/a.ts", "src")).toBe(true);
    expect(isWithin("srcs/a.ts", "src")).toBe(false);
  });
});
