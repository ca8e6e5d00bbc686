import { commentPrefixFor } from "../../../src/text/comment-prefix-for.js";
import { fenceLanguage } from "../../../src/text/fence-language.js";
import {
  extensionOf,
  LANGUAGES,
  languageOfExtension,
  languageRowFor,
  type LanguageRow,
} from "../../../src/text/languages.js";
import { syntaxLanguageForPath } from "../../../src/text/syntax-language-for-path.js";

const extensions = LANGUAGES.flatMap((row) => row.extensions);
const fileNames = LANGUAGES.flatMap((row) => row.fileNames ?? []);

describe("the language table", () => {
  it("maps every extension and every file name to one language", () => {
    expect(new Set(extensions).size).toBe(extensions.length);
    expect(new Set(fileNames).size).toBe(fileNames.length);
  });

  it("spells extensions and file names lowercased, extensions without a dot", () => {
    for (const ext of extensions) expect(ext).toMatch(/^[a-z0-9+]+$/);
    for (const name of fileNames) expect(name).toBe(name.toLowerCase());
  });

  it("spells aliases and groups lowercased, groups naming a language of the table", () => {
    const names = new Set(LANGUAGES.map((row) => row.linguist ?? row.fence));
    for (const row of LANGUAGES) {
      for (const alias of row.aliases ?? [])
        expect(alias).toBe(alias.toLowerCase());
      if (row.group !== undefined) expect(names).toContain(row.group);
    }
  });

  it("shares an extension only with the row that owns it by path", () => {
    for (const row of LANGUAGES)
      for (const ext of row.sharedExtensions ?? []) {
        expect(extensions).toContain(ext);
        expect(row.extensions).not.toContain(ext);
      }
  });

  it("writes fence names as GitHub reads an info string: one lowercased word", () => {
    for (const row of LANGUAGES)
      if (row.fence !== undefined) expect(row.fence).toMatch(/^[a-z0-9+#-]+$/);
  });

  it("parses JavaScript, JSX and TypeScript with their own grammars", () => {
    const scripts = LANGUAGES.filter((row) => row.family === "javascript");
    expect(scripts.map((row) => row.syntax)).toEqual([
      "javascript",
      "javascript",
      "typescript",
      "tsx",
    ]);
  });

  it.each(
    LANGUAGES.flatMap((row) =>
      row.extensions.map((ext): [string, LanguageRow] => [ext, row]),
    ),
  )("every lookup agrees with the row of .%s, in any case", (ext, row) => {
    for (const path of [`src/deep/name.${ext}`, `NAME.${ext.toUpperCase()}`]) {
      expect(languageRowFor(path)).toBe(row);
      expect(languageOfExtension(extensionOf(path))).toBe(row);
      expect(syntaxLanguageForPath(path)).toBe(row.syntax);
      expect(commentPrefixFor(path)).toBe(row.comment);
      expect(fenceLanguage(path)).toBe(row.fence ?? "");
    }
  });

  it("reads a file known by name before its extension", () => {
    for (const row of LANGUAGES)
      for (const name of row.fileNames ?? []) {
        const path = `a/${name[0]!.toUpperCase()}${name.slice(1)}`;
        expect(languageRowFor(path)).toBe(row);
        expect(commentPrefixFor(path)).toBe(row.comment);
        expect(fenceLanguage(path)).toBe(row.fence ?? "");
      }
    // CMakeLists.txt is CMake, though a ".txt" file is no language.
    expect(fenceLanguage("build/CMakeLists.txt")).toBe("cmake");
    expect(languageRowFor("notes.txt")).toBeUndefined();
  });

  it("knows nothing of unknown files, which are text with no comment", () => {
    for (const path of ["data/x.weird", "LICENSE", ".bashrc", "a.b/README"]) {
      expect(languageRowFor(path)).toBeUndefined();
      expect(syntaxLanguageForPath(path)).toBeUndefined();
      expect(commentPrefixFor(path)).toBeUndefined();
      expect(fenceLanguage(path)).toBe("");
    }
  });
});

describe("extensionOf", () => {
  it.each([
    ["src/App.TSX", "tsx"],
    ["a.tar.gz", "gz"],
    ["Makefile", ""],
    [".bashrc", ""],
    ["a.b/README", ""],
  ])("%s → %j", (path, ext) => {
    expect(extensionOf(path)).toBe(ext);
  });
});
