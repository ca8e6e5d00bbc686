import { languageNamed } from "../../../src/text/language-named.js";
import { LANGUAGES } from "../../../src/text/languages.js";

describe("languageNamed", () => {
  it("reads Linguist's name, in any case, with '-' for a space", () => {
    expect(languageNamed("TypeScript")?.name).toBe("typescript");
    expect(languageNamed("vim-script")?.extensions).toStrictEqual(["vim"]);
    expect(languageNamed("Emacs Lisp")?.extensions).toStrictEqual(["el"]);
    expect(languageNamed("C#")?.extensions).toStrictEqual(["cs"]);
    expect(languageNamed("Objective-C")?.extensions).toStrictEqual(["m", "h"]);
  });

  it("reads fence names, aliases and extensions as the language they belong to", () => {
    for (const [query, name] of <Array<[string, string]>>[
      ["cpp", "c++"],
      ["csharp", "c#"],
      ["bash", "shell"],
      ["zsh", "shell"],
      ["sh", "shell"],
      ["golang", "go"],
      ["node", "javascript"],
      ["jsx", "javascript"],
      ["objc", "objective-c"],
      ["docker", "dockerfile"],
      ["make", "makefile"],
      ["py", "python"],
      ["rs", "rust"],
      ["yml", "yaml"],
      ["cxx", "c++"],
    ])
      expect(languageNamed(query)?.name).toBe(name);
  });

  it("searches TypeScript with TSX, as Linguist groups it, but TSX alone without TypeScript", () => {
    expect(languageNamed("typescript")?.extensions).toStrictEqual([
      "ts",
      "mts",
      "cts",
      "tsx",
    ]);
    expect(languageNamed("tsx")?.extensions).toStrictEqual(["tsx"]);
  });

  it("reads a shared header as C++ too, though by path it is C", () => {
    const cpp = languageNamed("c++")!;
    expect(cpp.extensions).toContain("h");
    expect(cpp.matches("include/fmt/core.h")).toBe(true);
    expect(cpp.matches("src/format.cc")).toBe(true);
    expect(cpp.matches("src/main.c")).toBe(false);
    expect(languageNamed("c")?.extensions).toStrictEqual(["c", "h"]);
  });

  it("matches files known by name, in any case, and by extension", () => {
    const ruby = languageNamed("ruby")!;
    expect(ruby.matches("Gemfile")).toBe(true);
    expect(ruby.matches("lib/tasks/Rakefile")).toBe(true);
    expect(ruby.matches("lib/x.RB")).toBe(true);
    expect(ruby.matches("lib/gemfile.py")).toBe(false);
    const docker = languageNamed("Dockerfile")!;
    expect(docker.matches("deploy/Dockerfile")).toBe(true);
    expect(docker.matches("deploy/app.dockerfile")).toBe(true);
  });

  it("knows every language of the table by its own name", () => {
    for (const row of LANGUAGES) {
      const name = row.linguist ?? row.fence;
      if (name === undefined) continue;
      const language = languageNamed(name)!;
      expect(language.rows).toContain(row);
      for (const ext of row.extensions)
        expect(language.matches(`a/b.${ext}`)).toBe(true);
    }
  });

  it("knows nothing of a language not in the table, nor of an ambiguous extension", () => {
    expect(languageNamed("cobol")).toBeUndefined();
    expect(languageNamed("v")).toBeUndefined();
    expect(languageNamed("")).toBeUndefined();
  });
});
