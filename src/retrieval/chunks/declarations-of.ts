import type { Node, Query, Tree } from "web-tree-sitter";
import {
  LANGUAGE_RULES,
  MEMBER_OWNERS,
  type DeclarationKind,
  type DeclarationRule,
  type LanguageRules,
} from "./declaration-rules.js";
import { loadedTreeSitter, NoGrammarError, parserFor } from "./load-grammar.js";
import type { SyntaxLanguage } from "../../text/languages.js";

/** A range of 1-based, inclusive line numbers. */
export interface LineRange {
  readonly startLine: number;
  readonly endLine: number;
}

/** One declaration found in a file's syntax tree. */
export interface Declaration extends LineRange {
  readonly kind: DeclarationKind;
  readonly name: string;
  /** Enclosing declarations then this one, outermost first: "impl Parser › fn parse_args". */
  readonly path: string;
  /** The lines before the body (decorators and annotations included), and their text. */
  readonly signature: LineRange & { readonly text: string };
  /** The doc comment above it, or its docstring. */
  readonly doc?: LineRange;
  /** The kind of the declaration it sits in, if any: a function's own helpers are not the file's names. */
  readonly owner?: DeclarationKind;
}

/** How enclosing paths join their parts. */
export const PATH_SEPARATOR = " › ";

/**
 * The declarations of a file, in source order, read from its syntax tree:
 * each one's kind, name, lines, enclosing path, signature and doc comment.
 * Throws NoGrammarError for a language without a grammar.
 *
 * @example
 * await declarationsOf("rust", "impl Parser {\n    fn parse_args(&self) {}\n}\n")
 * // [{ kind: "impl", name: "Parser", path: "impl Parser", startLine: 1, endLine: 3, … },
 * //  { kind: "method", name: "parse_args", path: "impl Parser › fn parse_args", startLine: 2, … }]
 */
export async function declarationsOf(
  language: SyntaxLanguage,
  text: string,
): Promise<Declaration[]> {
  if (!LANGUAGE_RULES[language]) throw new NoGrammarError(language);
  const parser = await parserFor(language);
  const tree = parser.parse(text);
  if (!tree) throw new Error(`tree-sitter could not parse a ${language} file`);
  // The tree lives in WebAssembly memory, which is never garbage-collected.
  try {
    return declarationsInTree(tree, language, text);
  } finally {
    tree.delete();
  }
}

/**
 * `declarationsOf` on a tree already parsed from `text` (the caller deletes it).
 *
 * @example
 * const tree = readyParser("go")?.parse(text);
 * declarationsInTree(tree, "go", text) // [{ kind: "function", name: "Open", … }]
 */
export function declarationsInTree(
  tree: Tree,
  language: SyntaxLanguage,
  text: string,
): Declaration[] {
  const rules = LANGUAGE_RULES[language];
  if (!rules) throw new NoGrammarError(language);
  return walk(tree, language, rules, text);
}

// One query per language, matching every node type a rule names: it runs
// inside the parser's WebAssembly and hands back only those nodes, where a
// walk in JavaScript crossed into it for every node of the tree.
const declarationQueries = new Map<SyntaxLanguage, Query>();

function declarationQuery(
  tree: Tree,
  language: SyntaxLanguage,
  rules: LanguageRules,
): Query {
  let query = declarationQueries.get(language);
  if (!query) {
    // A rule may name a type one dialect's grammar lacks (TypeScript's
    // rules serve TSX too); a query naming it would not compile.
    const types = [
      ...Object.keys(rules.declarations),
      ...(rules.anonymousFunctions?.types ?? []),
    ].filter((type) => tree.language.idForNodeType(type, true) !== null);
    query = new (loadedTreeSitter().Query)(
      tree.language,
      `[${types.map((t) => `(${t})`).join(" ")}] @declaration`,
    );
    declarationQueries.set(language, query);
  }
  return query;
}

// Declarations in document order, each with the declarations it sits in;
// a Node is made only for what the query matched.
function walk(
  tree: Tree,
  language: SyntaxLanguage,
  rules: LanguageRules,
  text: string,
): Declaration[] {
  const nodes = declarationQuery(tree, language, rules)
    .captures(tree.rootNode)
    .map((capture) => capture.node);
  // Outer before inner where two start together, as a walk down the tree meets them.
  nodes.sort((a, b) => a.startIndex - b.startIndex || b.endIndex - a.endIndex);
  const found: Declaration[] = [];
  const open: Array<{ end: number; kind: DeclarationKind; path: string }> = [];
  for (const node of nodes) {
    while (
      open.length > 0 &&
      (open.at(-1) as { end: number }).end <= node.startIndex
    )
      open.pop();
    const owner = open.at(-1);
    const anonymous = rules.anonymousFunctions;
    if (anonymous?.types.includes(node.type)) {
      // A function without a name declares nothing, but what is declared
      // in it is its local; its path is where it sits.
      if (!standsForModule(node, anonymous))
        open.push({
          end: node.endIndex,
          kind: "function",
          path: owner?.path ?? "",
        });
      continue;
    }
    const candidates = rules.declarations[node.type];
    if (!candidates) continue;
    const inFunction = owner?.kind === "function" || owner?.kind === "method";
    const rule = candidates.find(
      (r) => !(r.outsideFunctions && inFunction) && applies(r, node),
    );
    const name = rule && nameOf(rule, node);
    if (!rule || !name) continue;
    const kind =
      rule.kind === "function" && owner && MEMBER_OWNERS.has(owner.kind)
        ? "method"
        : rule.kind;
    const label = `${rule.keyword} ${labelOf(rule, node) ?? name}`.trimStart();
    const path = owner?.path ? owner.path + PATH_SEPARATOR + label : label;
    found.push({
      ...describe(node, kind, name, path, rules, text),
      ...(owner ? { owner: owner.kind } : {}),
    });
    open.push({ end: node.endIndex, kind, path });
  }
  return found;
}

// `export default (option, Dayjs) => {…}`, `(function () {…})()`.
function standsForModule(
  node: Node,
  anonymous: NonNullable<LanguageRules["anonymousFunctions"]>,
): boolean {
  let parent = node.parent;
  while (parent && anonymous.through.includes(parent.type))
    parent = parent.parent;
  return parent !== null && anonymous.moduleParents.includes(parent.type);
}

function labelOf(rule: DeclarationRule, node: Node): string | undefined {
  const parts = rule.labelFields
    ?.map((field) => node.childForFieldName(field)?.text)
    .filter((part): part is string => part !== undefined);
  return parts && parts.length > 0 ? parts.join(" ") : undefined;
}

function applies(rule: DeclarationRule, node: Node): boolean {
  const when = rule.when;
  if (!when) return true;
  let child = node.childForFieldName(when.field);
  if (!when.types) return child !== null;
  while (child) {
    if (when.types.includes(child.type)) return true;
    child = when.descend ? child.childForFieldName(when.field) : null;
  }
  return false;
}

function nameOf(rule: DeclarationRule, node: Node): string | undefined {
  const how = rule.name ?? { field: "name" };
  if ("field" in how) {
    const named = node.childForFieldName(how.field);
    if (how.types && !how.types.includes(named?.type ?? "")) return undefined;
    return named?.text;
  }
  if ("fields" in how) {
    const parts = how.fields
      .map((field) => node.childForFieldName(field)?.text)
      .filter((part): part is string => part !== undefined);
    return parts.length ? parts.join(how.joiner) : undefined;
  }
  if ("child" in how)
    return node.namedChildren.find((child) => how.child.includes(child.type))
      ?.text;
  // C and C++: `static int *parse(…)` nests the name in declarators.
  let declarator = node.childForFieldName("declarator");
  while (declarator) {
    const inner = declarator.childForFieldName("declarator");
    if (!inner) return declarator.text;
    declarator = inner;
  }
  return undefined;
}

function describe(
  node: Node,
  kind: DeclarationKind,
  name: string,
  path: string,
  rules: LanguageRules,
  text: string,
): Declaration {
  let outer = node;
  while (outer.parent && rules.wrappers.includes(outer.parent.type))
    outer = outer.parent;
  const body = bodyOf(node, rules);
  // A value's first line says what it is; the rest is data (and a brace
  // on that line may be a regular expression's `\d{4}`, not a body).
  const end =
    kind === "variable"
      ? firstLineEnd(outer, text)
      : signatureEnd(node, body, rules, text);
  const signatureText = text.slice(outer.startIndex, end).trimEnd();
  const startLine = outer.startPosition.row + 1;
  const doc =
    (rules.docstring && body && docstringOf(body)) ||
    commentsAbove(outer, rules, text);
  return {
    kind,
    name,
    path,
    startLine,
    endLine: lastRow(node) + 1,
    signature: {
      startLine,
      endLine: startLine + countNewlines(signatureText),
      text: signatureText,
    },
    ...(doc ? { doc } : {}),
  };
}

// The signature ends before the body (at the last token before it, so a
// comment between `def f():` and its first statement stays out). Without a
// body (a prototype, a Go type) it runs to the first brace or the end.
function signatureEnd(
  node: Node,
  body: Node | null,
  rules: LanguageRules,
  text: string,
): number {
  if (body) {
    let end = body.startIndex;
    for (const child of node.children) {
      if (child.startIndex >= body.startIndex) break;
      if (!rules.comments.includes(child.type)) end = child.endIndex;
    }
    return end;
  }
  const brace = text.indexOf("{", node.startIndex);
  return brace === -1 ? node.endIndex : Math.min(brace, node.endIndex);
}

function firstLineEnd(node: Node, text: string): number {
  const newline = text.indexOf("\n", node.startIndex);
  return newline === -1 ? node.endIndex : Math.min(newline, node.endIndex);
}

function docstringOf(body: Node): LineRange | undefined {
  const first = body.namedChildren[0];
  if (first?.type !== "expression_statement") return undefined;
  if (first.namedChildren[0]?.type !== "string") return undefined;
  return lineRange(first, first);
}

// Adjacent comments (no blank line between them or before the declaration),
// reading up through attributes such as `#[derive(…)]`. A comment after code
// on its line (`class Ledger # :nodoc:`) is that code's, not a doc comment.
function commentsAbove(
  outer: Node,
  rules: LanguageRules,
  text: string,
): LineRange | undefined {
  let top: Node | undefined;
  let bottom: Node | undefined;
  let below = outer;
  for (
    let sibling = lastCommentIn(nodeAbove(outer, rules), rules);
    sibling && lastRow(sibling) >= below.startPosition.row - 1;
    sibling = nodeAbove(sibling, rules)
  ) {
    if (rules.comments.includes(sibling.type)) {
      if (!startsLine(sibling, text)) break;
      top = sibling;
      bottom ??= sibling;
    } else if (!rules.attributes.includes(sibling.type)) break;
    below = sibling;
  }
  return top && bottom ? lineRange(top, bottom) : undefined;
}

// The node above `node` among its siblings; for the first statement of a
// body, what stands before the body in its container: tree-sitter's Ruby
// and Python grammars keep the comments above a class's first method in
// the class node, not in its body.
function nodeAbove(node: Node, rules: LanguageRules): Node | null {
  const previous = node.previousNamedSibling;
  if (previous) return previous;
  const body = node.parent;
  const container = body?.parent;
  if (!body || !container) return null;
  return bodyOf(container, rules)?.id === body.id
    ? body.previousNamedSibling
    : null;
}

/**
 * A declaration's body: its `body` field, or where the grammar gives it
 * none, its child of one of the language's body types.
 *
 * @example
 * bodyOf(functionNode, LANGUAGE_RULES.kotlin) // the function_body node, or null
 */
export function bodyOf(node: Node, rules: LanguageRules): Node | null {
  const body = node.childForFieldName("body");
  if (body || !rules.bodies) return body;
  const types = rules.bodies;
  return node.namedChildren.find((child) => types.includes(child.type)) ?? null;
}

/**
 * The comments a node ends with, where the language's grammar keeps the
 * comments below a node in it (Kotlin's package header and imports), in
 * source order; none otherwise, nor for a comment after code on its line.
 *
 * @example
 * trailingComments(packageHeader, LANGUAGE_RULES.kotlin) // [the KDoc below `package a.b`]
 */
export function trailingComments(node: Node, rules: LanguageRules): Node[] {
  const holders = rules.holdTrailingComments ?? [];
  let inner: Node | null = node;
  while (inner && holders.includes(inner.type)) {
    const run: Node[] = [];
    for (
      let child = inner.lastNamedChild;
      child && rules.comments.includes(child.type) && onRowOfItsOwn(child);
      child = child.previousNamedSibling
    )
      run.unshift(child);
    if (run.length > 0) return run;
    inner = inner.lastNamedChild;
  }
  return [];
}

// No node before it ends on the row it starts on.
function onRowOfItsOwn(node: Node): boolean {
  const before = node.previousNamedSibling;
  return !before || lastRow(before) < node.startPosition.row;
}

// The node above a declaration, or the last comment it holds (see
// trailingComments), from which the walk up reads on.
function lastCommentIn(node: Node | null, rules: LanguageRules): Node | null {
  return (node && trailingComments(node, rules).at(-1)) ?? node;
}

function startsLine(node: Node, text: string): boolean {
  const lineStart = text.lastIndexOf("\n", node.startIndex - 1) + 1;
  return text.slice(lineStart, node.startIndex).trim() === "";
}

function lineRange(top: Node, bottom: Node): LineRange {
  return {
    startLine: top.startPosition.row + 1,
    endLine: lastRow(bottom) + 1,
  };
}

/**
 * The last row (0-based) holding text of a node: Rust's line comments end
 * after their newline, at column 0 of the next row.
 */
export function lastRow(node: Node): number {
  const end = node.endPosition;
  return end.column === 0 && end.row > node.startPosition.row
    ? end.row - 1
    : end.row;
}

function countNewlines(s: string): number {
  let n = 0;
  for (let i = s.indexOf("\n"); i !== -1; i = s.indexOf("\n", i + 1)) n++;
  return n;
}
