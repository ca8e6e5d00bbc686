import { LANGUAGES, type LanguageRow } from "./languages.js";

/** The files a code search's `language:` qualifier stands for. */
export interface NamedLanguage {
  /** Linguist's name for it, lowercased ("c++", "shell"). */
  name: string;
  /** The rows searched: the language's own and those grouped with it (TSX with TypeScript). */
  rows: LanguageRow[];
  /** Lowercased extensions, without the dot, shared headers (".h" for C++) included. */
  extensions: string[];
  /** Lowercased whole file names ("gemfile", "dockerfile"). */
  fileNames: string[];
  /** Whether a file is of the language, by its name or its extension, in any case. */
  matches(path: string): boolean;
}

// A row's Linguist language; rows with neither name (".v", ambiguous) have none.
const nameOf = (row: LanguageRow) => row.linguist ?? row.fence;

/**
 * The language a code search's `language:` qualifier names, read as GitHub
 * reads it: Linguist's name, the fence name or an alias, in any case, "-" for
 * a space; else one of its extensions ("py", "rs"). Undefined for a language
 * askcode does not know.
 *
 * @example
 * languageNamed("TypeScript")?.extensions // ["ts", "mts", "cts", "tsx"]
 * languageNamed("bash")?.name             // "shell"
 * languageNamed("golang")?.extensions     // ["go"]
 * languageNamed("ruby")?.matches("Gemfile") // true
 * languageNamed("cobol")                  // undefined
 */
export function languageNamed(query: string): NamedLanguage | undefined {
  const wanted = query.trim().toLowerCase();
  const spaced = wanted.replaceAll("-", " ");
  const named =
    LANGUAGES.find(
      (row) =>
        nameOf(row) === wanted ||
        nameOf(row) === spaced ||
        row.fence === wanted ||
        row.aliases?.includes(wanted),
    ) ?? LANGUAGES.find((row) => row.extensions.includes(wanted));
  const name = named && nameOf(named);
  if (name === undefined) return undefined;
  const rows = LANGUAGES.filter(
    (row) => nameOf(row) === name || row.group === name,
  );
  const unique = (values: string[]) => [...new Set(values)];
  const extensions = unique(
    rows.flatMap((row) => [...row.extensions, ...(row.sharedExtensions ?? [])]),
  );
  const fileNames = unique(rows.flatMap((row) => row.fileNames ?? []));
  return {
    name,
    rows,
    extensions,
    fileNames,
    matches(path) {
      const file = path.slice(path.lastIndexOf("/") + 1).toLowerCase();
      return (
        fileNames.includes(file) ||
        extensions.some((ext) => file.endsWith("." + ext))
      );
    },
  };
}
