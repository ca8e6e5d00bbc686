import type {
  DeclaredDependency,
  ManifestReading,
} from "./declared-dependency.js";

/**
 * The modules a go.mod requires, each at its line (in a `require (…)` block
 * or on a `require` line of its own), and its own `module` path; a module
 * `replace`d by a local directory is one the repository holds.
 *
 * @example
 * readGoMod("go.mod", "module github.com/spf13/cobra\n\nrequire (\n\tgithub.com/spf13/pflag v1.0.6\n)\n")
 * // { own: ["github.com/spf13/cobra"], declared: [{ ecosystem: "go", name: "github.com/spf13/pflag", path: "go.mod", line: 4, text: "github.com/spf13/pflag v1.0.6" }] }
 */
export function readGoMod(path: string, text: string): ManifestReading {
  const declared: DeclaredDependency[] = [];
  const own: string[] = [];
  let block = "";
  for (const [i, raw] of text.split("\n").entries()) {
    const line = raw.replace(/\/\/.*$/, "").trim();
    if (block && line === ")") {
      block = "";
      continue;
    }
    const opens = /^(require|replace)\s*\($/.exec(line);
    if (opens) {
      block = opens[1] ?? "";
      continue;
    }
    const module = /^module\s+(\S+)/.exec(line);
    if (module) {
      own.push(module[1] ?? "");
      continue;
    }
    const directive = /^(require|replace)\s+(.*)$/.exec(line);
    const kind = directive ? directive[1] : block;
    const rest = directive ? (directive[2] ?? "") : line;
    // A module path: letters, digits and `._~+-`, in elements split by `/`.
    const name = /^([\w.~+-]+(?:\/[\w.~+-]+)*)\s/.exec(rest)?.[1];
    if (!name) continue;
    if (kind === "require")
      declared.push({
        ecosystem: "go",
        name,
        path,
        line: i + 1,
        text: raw.trim(),
      });
    // `replace example.com/x => ../x`: that module is read from here.
    else if (kind === "replace" && /=>\s*\.{1,2}\//.test(rest)) own.push(name);
  }
  return { ecosystem: "go", declared, own };
}
