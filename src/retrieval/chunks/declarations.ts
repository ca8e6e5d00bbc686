import type { DeclarationKind } from "../types.js";

/** A declaration read from the first line of a statement. */
export interface Declaration {
  kind: DeclarationKind;
  name: string;
}

// TypeScript modifiers that may precede a declaration; stripped before matching.
const JS_MODIFIERS =
  /^(?:(?:export|default|declare|abstract|async|public|private|protected|static|readonly|override|accessor|get|set)\s+)+/;
const JS_RULES: ReadonlyArray<readonly [RegExp, DeclarationKind]> = [
  [/^function\s*\*?\s*([A-Za-z_$][\w$]*)/, "function"],
  [/^class\s+([A-Za-z_$][\w$]*)/, "class"],
  [/^interface\s+([A-Za-z_$][\w$]*)/, "interface"],
  [/^type\s+([A-Za-z_$][\w$]*)\s*[=<]/, "type"],
  [/^(?:const\s+)?enum\s+([A-Za-z_$][\w$]*)/, "enum"],
  [/^(?:namespace|module)\s+([A-Za-z_$][\w$.]*)/, "class"],
  // "const handler = async (req) => {" is a function in all but keyword.
  [
    /^(?:const|let|var)\s+([A-Za-z_$][\w$]*)\s*(?::[^=]+)?=\s*(?:async\s+)?(?:function\b|\([^)]*\)\s*(?::[^=]+)?=>|[A-Za-z_$][\w$]*\s*=>)/,
    "function",
  ],
  [/^(?:const|let|var)\s+([A-Za-z_$][\w$]*)/, "variable"],
  // `res.redirect = function redirect(url) {`, `Router.prototype.handle =
  // function (…) {`, `module.exports = class Queue {`: how CommonJS modules
  // and prototypes declare, named by what is assigned.
  [
    /^((?:[A-Za-z_$][\w$]*\.)+[A-Za-z_$][\w$]*)\s*=\s*(?:async\s+)?(?:function\b|class\b|\([^)]*\)\s*=>|[A-Za-z_$][\w$]*\s*=>)/,
    "function",
  ],
  [/^(?:module\.)?exports\.([A-Za-z_$][\w$]*)\s*=/, "variable"],
];
// A class member: "name(", "name<T>(", "*name(", "#private(", "name = (…) =>".
const JS_METHOD = /^\*?\s*(#?[A-Za-z_$][\w$]*)\s*(?:<[^>]*>)?\s*\(/;
const JS_NOT_METHODS = new Set([
  "if",
  "for",
  "while",
  "switch",
  "catch",
  "return",
  "function",
  "super",
  "await",
  "typeof",
  "new",
  "with",
]);

/**
 * The declaration a JavaScript or TypeScript statement's first line makes, if
 * any. `inClass` reads class members (methods) rather than top-level forms.
 *
 * @example
 * parseDeclaration("export default class Queue<T> {", false) // { kind: "class", name: "Queue" }
 * parseDeclaration("async fetch(url: string) {", true)       // { kind: "method", name: "fetch" }
 * parseDeclaration("const MAX_RETRIES = 3;", false)          // { kind: "variable", name: "MAX_RETRIES" }
 * parseDeclaration("res.redirect = function redirect(url) {", false) // { kind: "function", name: "res.redirect" }
 */
export function parseDeclaration(
  trimmed: string,
  inClass: boolean,
): Declaration | undefined {
  const rest = trimmed.replace(JS_MODIFIERS, "");
  for (const [pattern, kind] of JS_RULES) {
    const m = pattern.exec(rest);
    if (m?.[1]) return { kind, name: m[1] };
  }
  if (inClass) {
    const m =
      JS_METHOD.exec(rest) ??
      /^(#?[A-Za-z_$][\w$]*)\s*(?::[^=]+)?=\s*(?:async\s+)?\(/.exec(rest);
    if (m?.[1] && !JS_NOT_METHODS.has(m[1]))
      return { kind: "method", name: m[1] };
  }
  return undefined;
}

/**
 * How a declaration reads in a context path: "class Session", "method send",
 * "const handler".
 *
 * @example
 * describeDeclaration({ kind: "variable", name: "handler" }) // "const handler"
 */
export function describeDeclaration(declaration: Declaration): string {
  return `${declaration.kind === "variable" ? "const" : declaration.kind} ${declaration.name}`;
}

/**
 * Lines that continue the statement above even at its indent: `} catch`, `)`,
 * `.then(…)`, `|| fallback`.
 *
 * @example
 * continuesStatement("} else {") // true
 * continuesStatement("return x;") // false
 */
export function continuesStatement(trimmed: string): boolean {
  const c = trimmed.charCodeAt(0);
  // ")", "]", "}"
  if (c === 41 || c === 93 || c === 125) return true;
  return /^(?:else\b|catch\b|finally\b|\.|\?|:|&&|\|\||,)/.test(trimmed);
}

/** A decorator line (`@Component({…})`, `@Input()`): it belongs to the declaration below it. */
export function isDecorator(trimmed: string): boolean {
  return trimmed.charCodeAt(0) === 64 && /^@[A-Za-z_$]/.test(trimmed);
}
