import type { LineOfFile } from "./declared-dependency.js";
import type { OutsideDependency } from "./find-outside-dependencies.js";

/**
 * What the retrieval answer, the model's first message and `askcode ask`
 * say of the packages outside the repository that the best chunks lead
 * into: one sentence, then one line per package with the places that make
 * the case, each written by `place` (a permalink, `path#L12`,
 * `path:12`). Undefined when there is none.
 *
 * @example
 * describeOutsideDependencies(built.outsideDependencies, (l) => `${l.path}:${l.line}`)
 * // "Part of this lives outside the repository, in a package it depends on:
 * // - `router`, declared at package.json:57 and imported at lib/application.js:26: the question's `next`
 * //   is defined nowhere in the repository, and lib/application.js:230 is where it meets `router`."
 */
export function describeOutsideDependencies(
  found: readonly OutsideDependency[],
  place: (line: LineOfFile) => string,
): string | undefined {
  if (found.length === 0) return undefined;
  const lines = found.map((d) => {
    const where = `- \`${d.name}\`, declared at ${place(d.declared)} and imported at ${place(d.imported)}`;
    const usedApart =
      d.used.path !== d.imported.path || d.used.line !== d.imported.line;
    if (d.link.how === "named")
      return usedApart
        ? `${where}: the question names \`${d.link.name}\`, which ${place(d.used)} uses.`
        : `${where}: the question names \`${d.link.name}\`.`;
    return `${where}: the question's \`${d.link.name}\` is defined nowhere in the repository, and ${place(d.used)} is where it meets \`${d.name}\`.`;
  });
  const packages = found.length === 1 ? "a package" : "packages";
  return [
    `Part of this lives outside the repository, in ${packages} it depends on:`,
    ...lines,
  ].join("\n");
}

/**
 * The lines `describeOutsideDependencies` cites, each once, in the order it
 * cites them: for the model to read beside the note.
 *
 * @example
 * linesCited(built.outsideDependencies).map((l) => `${l.path}:${l.line}`)
 * // ["package.json:57", "lib/application.js:26", "lib/application.js:230"]
 */
export function linesCited(found: readonly OutsideDependency[]): LineOfFile[] {
  const lines = new Map<string, LineOfFile>();
  for (const d of found)
    for (const line of [d.declared, d.imported, d.used])
      lines.set(`${line.path}:${line.line}`, line);
  return [...lines.values()];
}
