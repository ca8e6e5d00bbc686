import {
  lineAt,
  type DeclaredDependency,
  type ManifestReading,
} from "./declared-dependency.js";
import { pythonModuleName, requirementName } from "./python-requirement.js";

type Found = Array<{ name: string; line: number; text: string }>;

const QUOTED = /"([^"\n]*)"|'([^'\n]*)'/g;

/**
 * The projects a Python manifest declares, each at its line: a
 * requirements file (`requirements*.txt`, `requirements/*.txt`), the
 * dependency arrays and Poetry tables of `pyproject.toml`, the `*require*`
 * lists of `setup.py` and the `install_requires`, `tests_require` and
 * `extras_require` values of `setup.cfg`. Names are the import names
 * `pythonModuleName` makes. Any other path declares nothing.
 *
 * @example
 * readPythonManifest("pyproject.toml", '[project]\ndependencies = [\n  "urllib3>=1.26,<3",\n]\n').declared[0]
 * // { ecosystem: "python", name: "urllib3", path: "pyproject.toml", line: 3, text: '"urllib3>=1.26,<3",' }
 */
export function readPythonManifest(
  path: string,
  text: string,
): ManifestReading {
  const name = path.slice(path.lastIndexOf("/") + 1).toLowerCase();
  const found: Found =
    name === "pyproject.toml"
      ? readPyproject(text)
      : name === "setup.py"
        ? readSetupPy(text)
        : name === "setup.cfg"
          ? readSetupCfg(text)
          : isRequirementsFile(path)
            ? readRequirements(text)
            : [];
  const declared: DeclaredDependency[] = found.map((f) => ({
    ecosystem: "python",
    name: pythonModuleName(f.name),
    path,
    line: f.line,
    text: f.text,
  }));
  return { ecosystem: "python", declared, own: [] };
}

/** `requirements.txt`, `requirements-dev.txt`, `requirements/test.in`: pip's lists. */
export function isRequirementsFile(path: string): boolean {
  return /(?:^|\/)(?:requirements[^/]*|requirements\/[^/]+)\.(?:txt|in)$/i.test(
    path,
  );
}

function readRequirements(text: string): Found {
  const found: Found = [];
  for (const [i, line] of text.split("\n").entries()) {
    const spec = line.replace(/(?:^|\s)#.*$/, "");
    if (/^\s*-/.test(spec) || spec.includes("://")) continue;
    const name = requirementName(spec);
    if (name) found.push({ name, line: i + 1, text: line.trim() });
  }
  return found;
}

// Poetry's tables name one project per key.
const POETRY =
  /^tool\.poetry\.(?:(?:dev-)?dependencies|group\.[^.]+\.dependencies)$/;

function readPyproject(text: string): Found {
  const found: Found = [];
  let table = "";
  let inArray = false;
  for (const [i, raw] of text.split("\n").entries()) {
    const line = raw.replace(/(?:^|\s)#.*$/, "");
    const header = /^\s*\[\[?\s*([^\]]+?)\s*\]\]?\s*$/.exec(line);
    if (header) {
      table = header[1] ?? "";
      inArray = false;
      continue;
    }
    const strings = (value: string) => {
      for (const spec of quotedRequirements(value))
        found.push({ name: spec, line: i + 1, text: raw.trim() });
    };
    if (inArray) {
      strings(line);
      if (line.includes("]")) inArray = false;
      continue;
    }
    const pair = /^\s*("?)([\w.-]+)\1\s*=\s*(.*)$/.exec(line);
    if (!pair) continue;
    const [, , key = "", value = ""] = pair;
    if (POETRY.test(table)) {
      if (key.toLowerCase() !== "python")
        found.push({ name: key, line: i + 1, text: raw.trim() });
    } else if (
      (table === "project" && key === "dependencies") ||
      table === "project.optional-dependencies" ||
      table === "dependency-groups"
    ) {
      strings(value);
      inArray = value.includes("[") && !value.includes("]");
    }
  }
  return found;
}

/** The requirement names among a line's quoted strings, leaving out an inline table's values (`{ include-group = "test" }`). */
function quotedRequirements(line: string): string[] {
  const names: string[] = [];
  for (const m of line.matchAll(QUOTED)) {
    if (/=\s*$/.test(line.slice(0, m.index))) continue;
    const name = requirementName(m[1] ?? m[2] ?? "");
    if (name) names.push(name);
  }
  return names;
}

function readSetupPy(text: string): Found {
  const found: Found = [];
  // `install_requires=[…]`, `requires = […]`, `extras_require={…}`: the
  // lists setup() reads, often assigned to a variable first.
  for (const m of text.matchAll(/\b\w*requires?\w*\s*=\s*[[({]/g)) {
    let depth = 0;
    let at = (m.index ?? 0) + m[0].length - 1;
    for (; at < text.length; at++) {
      const c = text[at];
      if (c === "[" || c === "(" || c === "{") depth++;
      else if (c === "]" || c === ")" || c === "}") depth--;
      if (depth === 0) break;
    }
    const from = (m.index ?? 0) + m[0].length;
    const body = text.slice(from, at);
    for (const q of body.matchAll(QUOTED)) {
      const end = (q.index ?? 0) + q[0].length;
      // An extras dict's keys are names of extras, not projects.
      if (/^\s*:/.test(body.slice(end))) continue;
      const name = requirementName(q[1] ?? q[2] ?? "");
      if (name) found.push({ name, ...lineAt(text, from + (q.index ?? 0)) });
    }
  }
  return found;
}

function readSetupCfg(text: string): Found {
  const found: Found = [];
  let section = "";
  let listing = false;
  for (const [i, raw] of text.split("\n").entries()) {
    const line = raw.replace(/(?:^|\s)[#;].*$/, "");
    const header = /^\s*\[\s*([^\]]+?)\s*\]\s*$/.exec(line);
    if (header) {
      section = header[1] ?? "";
      listing = false;
      continue;
    }
    const pair = /^([\w.-]+)\s*=\s*(.*)$/.exec(line);
    let value: string;
    if (pair) {
      const key = pair[1] ?? "";
      listing =
        section === "options.extras_require" ||
        (section === "options" &&
          (key === "install_requires" || key === "tests_require"));
      value = pair[2] ?? "";
    } else if (listing && /^\s+\S/.test(line)) value = line;
    else {
      if (line.trim()) listing = false;
      continue;
    }
    if (!listing) continue;
    const name = requirementName(value);
    if (name) found.push({ name, line: i + 1, text: raw.trim() });
  }
  return found;
}
