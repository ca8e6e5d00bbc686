/**
 * What a repository's `.gitattributes` files say about who wrote a file, in
 * the attributes GitHub's Linguist reads
 * (https://github.com/github-linguist/linguist/blob/main/docs/overrides.md):
 * `linguist-generated`, `linguist-vendored`, `linguist-documentation`, set
 * (`attr`, `attr=true`), unset (`-attr`, `attr=false`) or back to
 * unspecified (`!attr`). `-diff` and `binary` are not read: repositories set
 * them on images, test data and editor settings alike, which says nothing of
 * who wrote a file.
 */

/** The attributes that decide, each true, false or absent (unspecified: the heuristics decide). */
export interface LinguistAttributes {
  generated?: boolean;
  vendored?: boolean;
  documentation?: boolean;
}

type Key = keyof LinguistAttributes;

interface Rule {
  matches: (path: string) => boolean;
  set: Array<[Key, boolean | undefined]>;
}

/** The rules of one `.gitattributes` file; its patterns are relative to `base`. */
export interface GitAttributes {
  /** Repository-relative directory of the file ("" for the root). */
  base: string;
  rules: Rule[];
}

const ATTRIBUTE: Record<string, Key> = {
  "linguist-generated": "generated",
  "linguist-vendored": "vendored",
  "linguist-documentation": "documentation",
};

/**
 * Parses the text of a `.gitattributes` in directory `base`, keeping the
 * lines that set an attribute Linguist reads.
 *
 * @example
 * const rules = parseGitAttributes("", "docs/gen/** linguist-generated\n*.pb.go -linguist-generated\n");
 * linguistAttributes([rules], "docs/gen/api.md") // { generated: true }
 */
export function parseGitAttributes(base: string, text: string): GitAttributes {
  const rules: Rule[] = [];
  for (const raw of text.split("\n")) {
    const line = raw.trim();
    // Comments, and macro definitions ("[attr]name ..."), which set nothing on a path.
    if (line === "" || line.startsWith("#") || line.startsWith("[attr]"))
      continue;
    const [pattern = "", ...attributes] = line.split(/\s+/);
    const set: Rule["set"] = [];
    for (const attribute of attributes) {
      const entry = readAttribute(attribute);
      if (entry) set.push(entry);
    }
    const matches = patternMatcher(pattern);
    if (set.length > 0 && matches) rules.push({ matches, set });
  }
  return { base, rules };
}

/**
 * The Linguist attributes of `path`, given the `.gitattributes` files that
 * apply to it, outermost first: as in git, a later line overrides an
 * earlier one, and a deeper file overrides the root's
 * (https://git-scm.com/docs/gitattributes#_description).
 *
 * @example
 * linguistAttributes([parseGitAttributes("", "*.1 linguist-generated\n")], "man/zstd.1") // { generated: true }
 */
export function linguistAttributes(
  files: readonly GitAttributes[],
  path: string,
): LinguistAttributes {
  const found: LinguistAttributes = {};
  for (const { base, rules } of files) {
    if (base !== "" && !path.startsWith(base + "/")) continue;
    const relative = base === "" ? path : path.slice(base.length + 1);
    for (const rule of rules) {
      if (!rule.matches(relative)) continue;
      for (const [key, value] of rule.set) {
        if (value === undefined) delete found[key];
        else found[key] = value;
      }
    }
  }
  return found;
}

function readAttribute(
  attribute: string,
): [Key, boolean | undefined] | undefined {
  if (attribute.startsWith("-") || attribute.startsWith("!")) {
    const key = ATTRIBUTE[attribute.slice(1)];
    if (!key) return undefined;
    return [key, attribute.startsWith("!") ? undefined : false];
  }
  const [name = "", value] = attribute.split("=", 2);
  const key = ATTRIBUTE[name];
  if (!key) return undefined;
  if (value === undefined || value === "true") return [key, true];
  if (value === "false") return [key, false];
  return undefined;
}

/**
 * A gitattributes pattern as a test on a path relative to its file's
 * directory (https://git-scm.com/docs/gitignore#_pattern_format, which
 * gitattributes follows except that negation is not allowed and a pattern
 * naming a directory matches nothing in it). Undefined for patterns that
 * can match no file.
 */
function patternMatcher(pattern: string): Rule["matches"] | undefined {
  if (pattern === "" || pattern.startsWith("!") || pattern.endsWith("/"))
    return undefined;
  // A slash anywhere but at the end anchors the pattern to the file's directory.
  const anchored = pattern.includes("/");
  const body = pattern.startsWith("/") ? pattern.slice(1) : pattern;
  const source = globSource(body);
  const regex = new RegExp(anchored ? `^${source}$` : `(?:^|/)${source}$`);
  return (path) => regex.test(path);
}

function globSource(glob: string): string {
  let out = "";
  for (let i = 0; i < glob.length; i++) {
    const c = glob[i] as string;
    if (glob.startsWith("**/", i) && (i === 0 || glob[i - 1] === "/")) {
      out += "(?:.*/)?";
      i += 2;
    } else if (glob.startsWith("/**", i) && i + 3 === glob.length) {
      out += "/.*";
      i += 2;
    } else if (c === "*") out += "[^/]*";
    else if (c === "?") out += "[^/]";
    else if (c === "[") {
      const close = glob.indexOf("]", i + 2);
      if (close < 0) out += "\\[";
      else {
        const set = glob.slice(i + 1, close).replace(/\\/g, "\\\\");
        out += `[${set.startsWith("!") ? "^" + set.slice(1) : set}]`;
        i = close;
      }
    } else if (c === "\\" && i + 1 < glob.length) {
      out += escape(glob[i + 1] as string);
      i++;
    } else out += escape(c);
  }
  return out;
}

function escape(c: string): string {
  return /[.*+?^${}()|[\]\\/]/.test(c) ? `\\${c}` : c;
}
