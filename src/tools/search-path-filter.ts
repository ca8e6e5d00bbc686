import type { CodeSearchQuery } from "../code-host/code-host.js";

/** The search filters a `path` argument stands for, and what was approximated. */
export interface SearchPathFilter {
  filters: Pick<CodeSearchQuery, "pathPrefix" | "extension" | "filename">;
  /** Said when a pattern could only be approximated. */
  note?: string;
}

const WILDCARD = /[*?[\]{}]/;

/**
 * Reads the `path` argument of `search_repository_code`, which the tool
 * describes as a directory or file pattern: a directory or file
 * ("src/", "src/app.ts") becomes a path prefix; a glob becomes the directory
 * before its first wildcard plus, where the last part is `*.ext`, an
 * extension, or an exact file name when the last part has no wildcard. Other
 * patterns keep what is certain and say so in `note`.
 *
 * @example
 * searchPathFilter("src/")              // { filters: { pathPrefix: "src" } }
 * searchPathFilter("src/**\/*.ts")       // { filters: { pathPrefix: "src", extension: "ts" } }
 * searchPathFilter("**\/package.json")   // { filters: { filename: "package.json" } }
 * searchPathFilter("tests/test_*.py")    // { filters: { pathPrefix: "tests", extension: "py" }, note: "The pattern … was approximated: …" }
 */
export function searchPathFilter(path: string | undefined): SearchPathFilter {
  const trimmed = path?.trim().replace(/^\.\/+/, "") ?? "";
  if (trimmed === "" || trimmed === "/" || trimmed === ".")
    return { filters: {} };
  if (!WILDCARD.test(trimmed))
    return { filters: { pathPrefix: trimmed.replace(/\/+$/, "") } };

  const parts = trimmed.split("/");
  const wild = parts.findIndex((part) => WILDCARD.test(part));
  const prefix = parts.slice(0, wild).join("/");
  const last = parts[parts.length - 1] ?? "";
  const filters: SearchPathFilter["filters"] = prefix
    ? { pathPrefix: prefix }
    : {};
  if (last === "*" || last === "**") return { filters };
  const extension = /^\*\.([\w+-]+)$/.exec(last)?.[1];
  if (extension) return { filters: { ...filters, extension } };
  if (!WILDCARD.test(last)) return { filters: { ...filters, filename: last } };

  // "test_*.py": keep what is certain (the extension) and say so.
  const suffix = /\.([\w+-]+)$/.exec(last)?.[1];
  const what = [
    suffix ? `files ending in .${suffix}` : "all files",
    prefix ? `under ${prefix}/` : "",
  ]
    .filter(Boolean)
    .join(" ");
  return {
    filters: suffix ? { ...filters, extension: suffix } : filters,
    note: `The pattern ${JSON.stringify(path)} was approximated: ${what} were searched. Use a directory, or a pattern like "src/**/*.ts".`,
  };
}
