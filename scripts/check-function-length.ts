// Fails when a function in src/ spans more lines than LONGEST_FUNCTION_LINES,
// counting the closures inside a function as part of the function that holds
// them: a 300-line factory made of small arrow functions is still 300 lines
// to read. Only outermost functions are measured (a class's methods each
// count on their own, as a class is not a function).
//
// Written on the TypeScript compiler the project already builds with, rather
// than ESLint's max-lines-per-function: that rule would bring ESLint and the
// typescript-eslint parser (about a hundred packages) for one check, and it
// measures every nested function separately, not the outermost.
//
//   npm run lint:functions            the check, as CI runs it
//   npm run lint:functions -- --top 10  the ten longest functions, and the check
import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import ts from "typescript";

/** The longest a function in src/ may be; docs/conventions.md says why. */
export const LONGEST_FUNCTION_LINES = 200;

export interface FunctionLength {
  readonly file: string;
  readonly name: string;
  readonly line: number;
  readonly lines: number;
}

/** Every outermost function of one file, with the lines it spans. */
export function measureFunctions(file: string, text: string): FunctionLength[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const found: FunctionLength[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isFunctionLike(node) && "body" in node && node.body) {
      const start = source.getLineAndCharacterOfPosition(node.getStart(source));
      const end = source.getLineAndCharacterOfPosition(node.getEnd());
      found.push({
        file,
        name: functionName(node),
        line: start.line + 1,
        lines: end.line - start.line + 1,
      });
      return; // closures count in this function, not on their own
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

function functionName(node: ts.SignatureDeclaration): string {
  if (node.name && ts.isIdentifier(node.name)) return node.name.text;
  const parent = node.parent;
  if (ts.isVariableDeclaration(parent) && ts.isIdentifier(parent.name)) {
    return parent.name.text;
  }
  if (ts.isPropertyAssignment(parent) && ts.isIdentifier(parent.name)) {
    return parent.name.text;
  }
  return "(anonymous)";
}

function typeScriptFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith(".ts"))
    .map((entry) => join(entry.parentPath, entry.name))
    .sort();
}

/** Every outermost function under `root`/src, longest first. */
export function measureSource(root: string): FunctionLength[] {
  return typeScriptFiles(join(root, "src"))
    .flatMap((path) =>
      measureFunctions(relative(root, path), readFileSync(path, "utf8")),
    )
    .sort((a, b) => b.lines - a.lines || a.file.localeCompare(b.file));
}

export function describeFunction(f: FunctionLength): string {
  return `${f.file}:${f.line} ${f.name}: ${f.lines} lines`;
}

/** The check's message for the functions over the limit; undefined: none is. */
export function tooLongMessage(
  all: readonly FunctionLength[],
): string | undefined {
  const tooLong = all.filter((f) => f.lines > LONGEST_FUNCTION_LINES);
  if (tooLong.length === 0) return undefined;
  return [
    `${tooLong.length} function(s) in src/ span more than ${LONGEST_FUNCTION_LINES} lines (closures counted in the function that holds them); split them into steps of their own:`,
    ...tooLong.map((f) => `  ${describeFunction(f)}`),
  ].join("\n");
}

function main(argv: readonly string[]): number {
  const topAt = argv.indexOf("--top");
  const top = topAt >= 0 ? Number(argv[topAt + 1]) : 0;
  if (topAt >= 0 && !(Number.isInteger(top) && top > 0)) {
    console.error(
      `--top takes a whole number of functions to list; got ${JSON.stringify(argv[topAt + 1])}.`,
    );
    return 2;
  }
  const all = measureSource(process.cwd());
  for (const f of all.slice(0, top)) console.log(describeFunction(f));
  const message = tooLongMessage(all);
  if (message === undefined) return 0;
  console.error(message);
  return 1;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  process.exitCode = main(process.argv.slice(2));
}
