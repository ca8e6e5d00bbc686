import ignore from "ignore";

/**
 * Turns `exclude_paths` into a test that retrieval and the tools apply to
 * every repository-relative path (as `FileFilterOptions.exclude`). The
 * patterns mean what they mean in `.gitignore`, which every maintainer
 * already writes: `docs/` is a directory anywhere, `/vendor` only at the
 * root, `*.min.js` any file so named, and a directory's exclusion covers
 * everything below it. https://git-scm.com/docs/gitignore#_pattern_format
 *
 * @example
 * const excluded = createPathExclusion(["docs/", "/vendor", "*.min.js"]);
 * excluded("docs/intro.md")     // true
 * excluded("lib/vendor/x.js")   // false: `/vendor` is anchored to the root
 * excluded("src/app.ts")        // false
 */
export function createPathExclusion(
  patterns: readonly string[],
): (path: string) => boolean {
  if (patterns.length === 0) return () => false;
  const rules = ignore().add([...patterns]);
  return (path) => {
    const relative = path.replace(/^\/+/, "");
    // `ignore` refuses the empty path (the root), which no pattern excludes.
    return relative !== "" && rules.ignores(relative);
  };
}
