import { isCommentLine } from "./is-comment-line.js";

const IDENTIFIER = /[A-Za-z_$][\w$]*/g;
// A string literal's body: names inside it ('body-parser') are no code.
const STRING = /(["'`])(?:\\.|(?!\1)[^\\\n])*\1/g;
// `x = …`, `const x = …`, `self.x = …`: the name a line assigns to.
const ASSIGNED = /^(?:(?:const|let|var)\s+)?(?:[\w$]+\.)*([\w$]+)\s*=(?!=)/;
// A name just declared here (`function send(`, `def send(`) is the file's own.
const DECLARES = /\b(?:function|def|class|fn|func|struct|type)\s+$/;
// The member right after a name: `.use`, `?.use`, `::from_str`.
const MEMBER = /^\s*(?:\?\.|\.|::)\s*([A-Za-z_$][\w$]*)/;
// The parameters of a function written on the line: `function f(a, b)`,
// `(a, b) =>`, `a =>`, `lambda a, b:`, `|a, b|`, `func(a T)`.
const CALLBACK_PARAMETERS =
  /\bfunction\b\s*[\w$]*\s*\(([^)]*)\)|\(([^()]*)\)\s*(?::[^=]*)?=>|([A-Za-z_$][\w$]*)\s*=>|\blambda\b([^:]*):|\|([^|]*)\|\s*(?:move\b|[{\w])|\bfunc\s*\(([^)]*)\)/g;

/**
 * Whether one line of code uses a package, and if so the names the package
 * gives it: a member of it (`router.use`, `serde_json::from_str`), a
 * parameter of a function written after its first use (a callback it
 * calls: `next` in `router.use(path, function (req, res, next) {`), and the
 * name the line assigns its result to. Arguments the line hands it are the
 * code's own: `req` in `finalhandler(req, res)` is a parameter of the
 * function around it.
 *
 * A use is one of `uses` (the names its import binds, its own name)
 * standing alone, not a member of something else (`res.send`) or a name
 * declared on the line (`function send(`), or the import's specifier
 * quoted. Undefined when the line does not use it; comment lines never do.
 *
 * @example
 * namesGivenBy("router.use(path, function mounted_app(req, res, next) {", new Set(["Router", "router"]), "router")
 * // ["use", "req", "res", "next"]
 * namesGivenBy("next(createError(406))", new Set(["createError", "http-errors"]), "http-errors")
 * // []
 */
export function namesGivenBy(
  line: string,
  uses: ReadonlySet<string>,
  specifier: string,
): string[] | undefined {
  const text = line.trim();
  if (isCommentLine(text)) return undefined;
  const code = text.replace(STRING, (s) => " ".repeat(s.length));
  const used = [...code.matchAll(IDENTIFIER)].filter((m) => {
    const at = m.index ?? 0;
    return (
      uses.has(m[0]) &&
      !/[.$]$/.test(code.slice(0, at).trimEnd()) &&
      !DECLARES.test(code.slice(0, at))
    );
  });
  const quotedAt = [`"${specifier}"`, `'${specifier}'`]
    .map((q) => text.indexOf(q))
    .filter((at) => at >= 0);
  const firstUse = Math.min(...used.map((m) => m.index ?? 0), ...quotedAt);
  if (firstUse === Infinity) return undefined;
  const given: string[] = [];
  for (const m of used) {
    const member = MEMBER.exec(code.slice((m.index ?? 0) + m[0].length));
    if (member?.[1]) given.push(member[1]);
  }
  for (const m of code.slice(firstUse).matchAll(CALLBACK_PARAMETERS)) {
    const parameters = m.slice(1).find((group) => group !== undefined) ?? "";
    for (const name of parameters.match(IDENTIFIER) ?? []) given.push(name);
  }
  const assigned = ASSIGNED.exec(code);
  if (assigned?.[1] && assigned[0].length <= firstUse) given.push(assigned[1]);
  return given.filter((name) => !uses.has(name));
}
