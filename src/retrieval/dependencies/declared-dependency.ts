import { lineNumberAt } from "../../text/line-number-at.js";

/**
 * The package worlds askcode reads manifests and imports of: npm
 * (JavaScript and TypeScript), Python, Cargo (Rust) and Go modules.
 */
export type Ecosystem = "npm" | "python" | "cargo" | "go";

/** One line of a file, 1-based, as written (trimmed). */
export interface LineOfFile {
  path: string;
  line: number;
  text: string;
}

/** A dependency one manifest of the repository declares, at the line that declares it. */
export interface DeclaredDependency extends LineOfFile {
  ecosystem: Ecosystem;
  /**
   * The name code imports it by: "router", "@octokit/rest", "urllib3"
   * (Python names lowercased, `-` and `.` as `_`), "serde_json",
   * "github.com/spf13/cobra".
   */
  name: string;
}

/** What one manifest says: the dependencies it declares and the names its own package goes by. */
export interface ManifestReading {
  ecosystem: Ecosystem;
  declared: DeclaredDependency[];
  /**
   * Names of the package the manifest describes (package.json "name",
   * Cargo's `[package] name`, go.mod's `module`; for Cargo also path
   * dependencies): the repository holds them, so they are never outside it.
   */
  own: string[];
}

/**
 * The 1-based line of `offset` in `text` and that line, trimmed.
 *
 * @example
 * lineAt("a\nbc\n", 3) // { line: 2, text: "bc" }
 */
export function lineAt(
  text: string,
  offset: number,
): { line: number; text: string } {
  const line = lineNumberAt(text, offset);
  const start = text.lastIndexOf("\n", offset - 1) + 1;
  const end = text.indexOf("\n", offset);
  return { line, text: text.slice(start, end < 0 ? undefined : end).trim() };
}
