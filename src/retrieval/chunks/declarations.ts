import type { Language } from "../../text/languages.js";
import type { DeclarationKind } from "../types.js";

/** A declaration read from the first line of a statement. */
export interface Declaration {
  kind: DeclarationKind;
  name: string;
}

const PY_DEF = /^(?:async\s+)?def\s+([A-Za-z_]\w*)/;
const PY_CLASS = /^class\s+([A-Za-z_]\w*)/;
// "NAME = …" or "name: Type = …", not "a == b".
const PY_ASSIGN = /^([A-Za-z_]\w*)\s*(?::[^=]*)?=(?!=)/;

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
 * The declaration a statement's first line makes, if any. `inClass` reads class
 * members (methods) rather than top-level forms.
 *
 * @example
 * parseDeclaration("async def fetch(self, url):", "python", true) // { kind: "method", name: "fetch" }
 * parseDeclaration("export default class Queue<T> {", "javascript", false) // { kind: "class", name: "Queue" }
 * parseDeclaration("MAX_RETRIES = 3", "python", false) // { kind: "variable", name: "MAX_RETRIES" }
 */
export function parseDeclaration(
  trimmed: string,
  language: Language,
  inClass: boolean,
): Declaration | undefined {
  if (language === "python") {
    let m = PY_DEF.exec(trimmed);
    if (m?.[1]) return { kind: inClass ? "method" : "function", name: m[1] };
    m = PY_CLASS.exec(trimmed);
    if (m?.[1]) return { kind: "class", name: m[1] };
    m = PY_ASSIGN.exec(trimmed);
    if (m?.[1]) return { kind: "variable", name: m[1] };
    return undefined;
  }
  if (language === "javascript") {
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
  }
  return undefined;
}

/**
 * How a declaration reads in a context path: "class Session", "def request",
 * "function parse", "method send".
 */
export function describeDeclaration(
  declaration: Declaration,
  language: Language,
): string {
  if (
    language === "python" &&
    (declaration.kind === "function" || declaration.kind === "method")
  ) {
    return `def ${declaration.name}`;
  }
  return `${declaration.kind === "variable" && language === "javascript" ? "const" : declaration.kind} ${declaration.name}`;
}

/** Lines that continue the statement above even at its indent: `else:`, `} catch`, `)`. */
export function continuesStatement(
  trimmed: string,
  language: Language,
): boolean {
  const c = trimmed.charCodeAt(0);
  // ")", "]", "}"
  if (c === 41 || c === 93 || c === 125) return true;
  if (language === "python")
    return /^(?:else|elif|except|finally)\b/.test(trimmed);
  if (language === "javascript")
    return /^(?:else\b|catch\b|finally\b|\.|\?|:|&&|\|\||,)/.test(trimmed);
  return false;
}

/** A decorator line (`@property`, `@Component({…})`): it belongs to the declaration below it. */
export function isDecorator(trimmed: string): boolean {
  return trimmed.charCodeAt(0) === 64 && /^@[A-Za-z_$]/.test(trimmed);
}
