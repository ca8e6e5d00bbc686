// Applies the file moves of scripts/layers/plan.mjs to a checkout and
// rewrites every relative import that points at a moved file, or that a
// moved file makes (static and dynamic imports, `export … from`,
// `import("…")` types), in src/, test/, bench/ and scripts/. Moved tests
// (test/unit/<old>.test.ts and <old>-*.test.ts) go along.
//
//   node scripts/layers/apply-moves.mjs <checkout> [--plan-b] [--edits]
//
// The files it rewrites are formatted with the project's Prettier settings
// (a longer path can push an import past the line width), so the result
// passes `npm run lint`. The declarations of plan.mjs's `extractions` and
// `dropped` imports are edits to the code, not moves: they are kept as a
// patch against the moved tree, plan-a-edits.patch (plan-b-edits.patch with
// --plan-b), which --edits applies with `git apply` after the moves. When
// main has changed those lines the patch no longer applies: the script
// stops, and the edits are redone by hand and the patch regenerated (see
// LAYERING-REPORT.md, "Running it"). Not run on this branch (the issue asks
// for the plan first); LAYERING-REPORT.md says how it was tried on a copy.
import { execFileSync } from "node:child_process";
import {
  readFileSync,
  writeFileSync,
  readdirSync,
  statSync,
  existsSync,
  mkdirSync,
  renameSync,
} from "node:fs";
import { join, dirname, relative, resolve, basename } from "node:path";
import { fileURLToPath } from "node:url";
import * as prettier from "prettier";
import ts from "typescript";
import { moves, literalMoves } from "./plan.mjs";

const root = resolve(process.argv[2] ?? ".");
const planB = process.argv.includes("--plan-b");
const withEdits = process.argv.includes("--edits");

/** old absolute path -> new absolute path, sources and their mirrored tests. */
const map = new Map();
for (const [from, to] of planB ? [...moves, ...literalMoves] : moves) {
  map.set(join(root, from), join(root, to));
  const testBase = join(
    root,
    from.replace(/^src\//, "test/unit/").replace(/\.ts$/, ""),
  );
  const testDir = join(root, dirname(to.replace(/^src\//, "test/unit/")));
  if (!existsSync(dirname(testBase))) continue;
  const name = basename(testBase);
  for (const f of readdirSync(dirname(testBase)))
    if (
      f === `${name}.test.ts` ||
      (f.startsWith(`${name}-`) && f.endsWith(".test.ts"))
    )
      map.set(join(dirname(testBase), f), join(testDir, f));
}

const walk = (dir) =>
  readdirSync(dir).flatMap((n) => {
    const p = join(dir, n);
    if (n === "node_modules" || n === "fixtures") return [];
    return statSync(p).isDirectory()
      ? walk(p)
      : /\.(ts|mts|mjs|js)$/.test(n)
        ? [p]
        : [];
  });

const files = ["src", "test", "bench", "scripts"]
  .filter((d) => existsSync(join(root, d)))
  .flatMap((d) => walk(join(root, d)));

function targetOf(file, spec) {
  const base = resolve(dirname(file), spec);
  for (const c of [base.replace(/\.js$/, ".ts"), base])
    if (existsSync(c) && statSync(c).isFile()) return c;
  return undefined;
}

function specifier(fromFile, toFile, original) {
  let spec = relative(dirname(fromFile), toFile);
  if (!spec.startsWith(".")) spec = "./" + spec;
  return original.endsWith(".js") ? spec.replace(/\.ts$/, ".js") : spec;
}

/** `text` as Prettier formats it with the checkout's settings (unless ignored there). */
async function format(file, text) {
  const info = await prettier.getFileInfo(file, {
    ignorePath: join(root, ".prettierignore"),
  });
  if (info.ignored || !info.inferredParser) return text;
  const options = (await prettier.resolveConfig(file)) ?? {};
  return prettier.format(text, { ...options, filepath: file });
}

let rewritten = 0;
const edits = new Map();
for (const file of files) {
  const text = readFileSync(file, "utf8");
  const sf = ts.createSourceFile(file, text, ts.ScriptTarget.ES2022, true);
  const newFile = map.get(file) ?? file;
  const changes = [];
  const visit = (node) => {
    let lit;
    if (
      (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) &&
      node.moduleSpecifier &&
      ts.isStringLiteral(node.moduleSpecifier)
    )
      lit = node.moduleSpecifier;
    else if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      node.arguments[0] &&
      ts.isStringLiteralLike(node.arguments[0])
    )
      lit = node.arguments[0];
    else if (
      ts.isImportTypeNode(node) &&
      ts.isLiteralTypeNode(node.argument) &&
      ts.isStringLiteral(node.argument.literal)
    )
      lit = node.argument.literal;
    if (lit && lit.text.startsWith(".")) {
      const target = targetOf(file, lit.text);
      if (target) {
        const newTarget = map.get(target) ?? target;
        if (newTarget !== target || newFile !== file) {
          const spec = specifier(newFile, newTarget, lit.text);
          if (spec !== lit.text)
            changes.push({
              start: lit.getStart(sf) + 1,
              end: lit.getEnd() - 1,
              spec,
            });
        }
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  if (changes.length) {
    let out = text;
    for (const c of changes.sort((a, b) => b.start - a.start))
      out = out.slice(0, c.start) + c.spec + out.slice(c.end);
    edits.set(file, await format(file, out));
    rewritten += changes.length;
  }
}
for (const [file, out] of edits) writeFileSync(file, out);
for (const [from, to] of map) {
  mkdirSync(dirname(to), { recursive: true });
  renameSync(from, to);
}
console.log(
  `${map.size} files moved, ${rewritten} import specifiers rewritten in ${edits.size} files`,
);

if (withEdits) {
  const patch = fileURLToPath(
    new URL(
      planB ? "./plan-b-edits.patch" : "./plan-a-edits.patch",
      import.meta.url,
    ),
  );
  try {
    execFileSync("git", ["apply", "--whitespace=nowarn", patch], {
      cwd: root,
      stdio: "inherit",
    });
  } catch {
    console.error(
      `${basename(patch)} does not apply to this tree (main changed the lines it edits): the moves are done, the declaration edits are not. Redo them by hand and regenerate the patch.`,
    );
    process.exit(1);
  }
  console.log(`${basename(patch)} applied (the plan's declaration edits)`);
}
