import type {
  DeclaredDependency,
  ManifestReading,
} from "./declared-dependency.js";

// The fields of package.json that name packages the code may import
// (https://docs.npmjs.com/cli/configuring-npm/package-json#dependencies).
const SECTIONS = [
  "dependencies",
  "devDependencies",
  "peerDependencies",
  "optionalDependencies",
] as const;
// What npm accepts as a name (https://github.com/npm/validate-npm-package-name):
// a key that is none is no package, and never reaches an answer or a prompt.
const NPM_NAME = /^(?:@[a-z0-9~-][\w.~-]*\/)?[a-z0-9~-][\w.~-]*$/i;

/**
 * The packages a package.json declares, each at the line of its key in its
 * section, and the package's own name. Text that is not JSON declares
 * nothing.
 *
 * @example
 * readPackageJson("package.json", '{\n  "name": "express",\n  "dependencies": {\n    "router": "^2.2.0"\n  }\n}')
 * // { own: ["express"], declared: [{ ecosystem: "npm", name: "router", path: "package.json", line: 4, text: '"router": "^2.2.0"' }] }
 */
export function readPackageJson(path: string, text: string): ManifestReading {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return { ecosystem: "npm", declared: [], own: [] };
  }
  if (!isRecord(json)) return { ecosystem: "npm", declared: [], own: [] };
  const lines = text.split("\n");
  const declared: DeclaredDependency[] = [];
  for (const section of SECTIONS) {
    const names = json[section];
    if (!isRecord(names)) continue;
    const from = lines.findIndex((l) => l.includes(`"${section}"`));
    for (const name of Object.keys(names).filter((n) => NPM_NAME.test(n))) {
      // The key's line within its section: the name may also be a keyword
      // or a script's, earlier in the file.
      const key = `"${name}"`;
      const at = lines.findIndex(
        (l, i) => i > from && l.trimStart().startsWith(key),
      );
      declared.push({
        ecosystem: "npm",
        name,
        path,
        // A package.json on one line: its section's line, or its first.
        line: (at >= 0 ? at : Math.max(from, 0)) + 1,
        text: `${key}: ${JSON.stringify(names[name])}`,
      });
    }
  }
  const own = typeof json.name === "string" ? [json.name] : [];
  return { ecosystem: "npm", declared, own };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
