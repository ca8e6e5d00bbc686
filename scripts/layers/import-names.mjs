// Lists, for every relative import/export-from/dynamic import in src/, the
// importing file, the resolved imported file and the names it takes.
// Output: JSON array of { from, to, names: string[], typeOnly: boolean, kind }.
// Used by LAYERING-REPORT.md to name what crosses each forbidden edge.
import { readFileSync, readdirSync, statSync, existsSync } from "node:fs";
import { join, dirname, relative, resolve } from "node:path";
import ts from "typescript";

const cwd = process.cwd();

function walk(dir) {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return walk(path);
    return /\.(m|c)?tsx?$/.test(name) && !name.endsWith(".d.ts") ? [path] : [];
  });
}

function resolveSpecifier(fromFile, spec) {
  if (!spec.startsWith(".")) return undefined;
  const base = resolve(dirname(fromFile), spec);
  const candidates = [
    base.replace(/\.js$/, ".ts"),
    base.replace(/\.mjs$/, ".mts"),
    base,
    base + ".ts",
    join(base, "index.ts"),
  ];
  return candidates.find((c) => existsSync(c) && statSync(c).isFile());
}

/** Every relative import of the TypeScript files under `dir`, with the names it takes. */
export function importEdges(dir) {
  const root = resolve(dir);
  const edges = [];
  for (const file of walk(root)) {
    const text = readFileSync(file, "utf8");
    const sf = ts.createSourceFile(file, text, ts.ScriptTarget.ES2022, true);
    const add = (spec, names, typeOnly, kind) => {
      const target = resolveSpecifier(file, spec);
      if (!target) return;
      edges.push({
        from: relative(cwd, file),
        to: relative(cwd, target),
        names,
        typeOnly,
        kind,
      });
    };
    const visit = (node) => {
      if (
        ts.isImportDeclaration(node) &&
        ts.isStringLiteral(node.moduleSpecifier)
      ) {
        const clause = node.importClause;
        const names = [];
        let allType = !!clause?.isTypeOnly;
        if (clause) {
          if (clause.name) names.push("default as " + clause.name.text);
          const nb = clause.namedBindings;
          if (nb && ts.isNamespaceImport(nb))
            names.push("* as " + nb.name.text);
          if (nb && ts.isNamedImports(nb)) {
            if (
              !clause.isTypeOnly &&
              nb.elements.length > 0 &&
              nb.elements.every((e) => e.isTypeOnly)
            )
              allType = true;
            for (const e of nb.elements) {
              const n = (e.propertyName ?? e.name).text;
              names.push(
                (clause.isTypeOnly || e.isTypeOnly ? "type " : "") + n,
              );
            }
          }
        } else names.push("(side effect)");
        if (clause?.isTypeOnly)
          names.splice(
            0,
            names.length,
            ...names.map((n) => (n.startsWith("type ") ? n : "type " + n)),
          );
        add(node.moduleSpecifier.text, names, allType, "import");
      } else if (
        ts.isExportDeclaration(node) &&
        node.moduleSpecifier &&
        ts.isStringLiteral(node.moduleSpecifier)
      ) {
        const names = [];
        const ec = node.exportClause;
        if (!ec) names.push("*");
        else if (ts.isNamespaceExport(ec)) names.push("* as " + ec.name.text);
        else
          for (const e of ec.elements)
            names.push(
              (node.isTypeOnly || e.isTypeOnly ? "type " : "") +
                (e.propertyName ?? e.name).text,
            );
        const allType =
          node.isTypeOnly ||
          (!!ec &&
            ts.isNamedExports(ec) &&
            ec.elements.every((e) => e.isTypeOnly));
        add(node.moduleSpecifier.text, names, allType, "re-export");
      } else if (
        ts.isCallExpression(node) &&
        node.expression.kind === ts.SyntaxKind.ImportKeyword &&
        node.arguments[0] &&
        ts.isStringLiteralLike(node.arguments[0])
      ) {
        add(node.arguments[0].text, ["(dynamic import)"], false, "dynamic");
      } else if (
        ts.isImportTypeNode(node) &&
        ts.isLiteralTypeNode(node.argument) &&
        ts.isStringLiteral(node.argument.literal)
      ) {
        add(
          node.argument.literal.text,
          [
            "type " +
              (node.qualifier ? node.qualifier.getText() : "*") +
              " (import type expr)",
          ],
          true,
          "import-type",
        );
      }
      ts.forEachChild(node, visit);
    };
    visit(sf);
  }
  return edges;
}

if (import.meta.url === `file://${process.argv[1]}`)
  process.stdout.write(
    JSON.stringify(importEdges(process.argv[2] ?? "src"), null, 1),
  );
