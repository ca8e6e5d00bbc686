import { questionLanguage } from "../../../src/eval/question-language.js";

describe("questionLanguage", () => {
  it("names the language of most of a commit's files, the first on a tie", () => {
    expect(
      questionLanguage(["src/cli/main.ts", "bin/askcode.js", "src/cli/run.ts"]),
    ).toBe("typescript");
    expect(questionLanguage(["src/unix/core.c", "include/uv.h"])).toBe("c");
    expect(questionLanguage(["src/format.cc", "src/os.c"])).toBe("c++");
    expect(questionLanguage(["crates/core/main.rs"])).toBe("rust");
    expect(questionLanguage(["autoload/netrw.vim"])).toBe("vim script");
    // Not in the language table: its extension.
    expect(questionLanguage(["lib/thing.xyz"])).toBe("xyz");
  });
});
