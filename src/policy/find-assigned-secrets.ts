import {
  isAssignedSecret,
  isCodeValue,
  isSchemeSecret,
} from "./assigned-value.js";
import { looksRandom } from "./looks-random.js";
import { secretKeyKind } from "./secret-key-name.js";
import type { SecretSpan } from "./secret-span.js";

export interface AssignedSecretsOptions {
  /**
   * The text is a configuration file (`.env`, `.ini`, `.properties`, TOML,
   * YAML): there an unquoted value is a value even when it looks like a
   * name or has spaces (`password = hunter`), where in code it would be an
   * identifier.
   */
  config?: boolean;
}

// A key: where a name starts (so a 64 KB line of name characters is not
// tried from every position), possibly quoted, possibly dotted
// (`self.password`, `process.env.TOKEN`) or indexed (`config["token"]`).
const KEY = String.raw`(?<![\w$.\-])(?<kq>["']?)(?<key>[A-Za-z_$][\w$.\-]{0,127})\k<kq>\]?`;
// A type annotation before `=`: `api_key: str = "…"`, `password: string = '…'`.
const ANNOTATION = String.raw`(?:[ \t]*:[ \t]*[A-Za-z_][\w.\[\]| ,]{0,40}?)?`;
// Assignment, comparison (`if password == "…"`) and defaults
// (`process.env.TOKEN ?? "…"`).
const SEPARATOR = String.raw`[ \t]*(?:===?|!==?|=>|:=|\?\?=?|\|\|=?|<-|=|:)[ \t]*`;
const LITERAL = String.raw`(?<q>["'\x60])(?<v>(?:\\.|(?!\k<q>)[^\\\n]){0,512})\k<q>`;

/** `password = "…"`, `"api_key": '…'`, `token: \`…\``. */
const QUOTED = new RegExp(`${KEY}${ANNOTATION}${SEPARATOR}${LITERAL}`, "dg");

/** A quoted name and a literal after it: `getenv("TOKEN", "…")`, `("password", "…")`. */
const NAME_THEN_LITERAL = new RegExp(
  String.raw`(?<kq>["'])(?<key>[A-Za-z_$][\w$.\-]{0,127})\k<kq>[ \t]*,[ \t]*${LITERAL}`,
  "dg",
);

/**
 * `DB_PASSWORD=hunter`, `export TOKEN=…`: a shell or env-file assignment (a
 * name in capitals, `=` with no spaces), whose unquoted value is a string
 * even when it looks like a name.
 */
const ENV = new RegExp(
  String.raw`(?<![\w$.\-"'])(?<key>[A-Z_][A-Z0-9_]{0,127})=(?<v>[^\s"'\x60#;&)]{1,512})(?=$|[\s#;&)\x60])`,
  "dgm",
);

/**
 * `DB_PASSWORD=hunter2`, `password: hunter2`, `export TOKEN=…`: one token,
 * ending the line or followed by a space, a comment or a delimiter.
 */
const UNQUOTED = new RegExp(
  String.raw`(?<![\w$.\-"'])(?<key>[A-Za-z_$][\w$.\-]{0,127})[ \t]*(?:=|:)[ \t]*(?<v>[^\s"'\x60#;,&)]{1,512})(?=$|[\s#;,&)\x60])`,
  "dgm",
);

/**
 * In a config file, a whole line's value: `password = correct horse`,
 * `db.password: hunter`, up to a ` #` or ` ;` comment.
 */
const CONFIG_LINE = new RegExp(
  String.raw`^[ \t]*(?:-[ \t]+)?(?:export[ \t]+)?(?<key>[A-Za-z_$][\w$.\-]{0,127})[ \t]*(?:=|:)[ \t]*(?<v>[^\s"'\x60#;][^\n]{0,511}?)[ \t]*(?:[ \t][#;][^\n]*)?$`,
  "dgm",
);

/** `<password>hunter2</password>` (Maven's settings.xml, .NET config). */
const XML_ELEMENT = new RegExp(
  String.raw`<(?<key>[A-Za-z_][\w.\-]{0,63})>(?<v>[^<\n]{1,512})</\k<key>>`,
  "dg",
);

/**
 * A bracketed group after a secret-named key, on one line, called or not:
 * `auth=("admin", "hunter2")`, `auth = HTTPBasicAuth("admin", "…")`,
 * `credentials = load("app", "…")`.
 */
const GROUP = new RegExp(
  String.raw`${KEY}${SEPARATOR}[\w.]{0,64}[(\[{](?<g>[^\n()\[\]{}]{1,256})[)\]}]`,
  "dg",
);
const GROUP_LITERAL = /(["'`])((?:\\.|(?!\1)[^\\\n])*)\1/g;
// Two literals and nothing else: a user and a password.
const PAIR =
  /^\s*(["'`])(?:\\.|(?!\1)[^\\\n])*\1\s*,\s*(["'`])(?:\\.|(?!\2)[^\\\n])*\2\s*$/;

/**
 * Values given to secret-named keys (`secretKeyKind`): every string literal
 * that is not a placeholder (`isAssignedSecret`), however short, in code of
 * any language, JSON, YAML, TOML, XML and prose; and unquoted values in env,
 * shell, `.ini`, `.properties` and YAML syntax, unless they are code
 * (`isCodeValue`: a call, a reference, a name, a type). Only the value's
 * span is returned, so the key stays readable.
 *
 * @example
 * findAssignedSecrets('password = "hunter2"') // [{ start: 12, end: 19, label: "secret" }]
 * findAssignedSecrets("token = tokenizer.next()") // []
 * findAssignedSecrets("password = hunter", { config: true }) // [{ start: 11, end: 17, … }]
 */
export function findAssignedSecrets(
  text: string,
  options: AssignedSecretsOptions = {},
): SecretSpan[] {
  // Every rule here is one line long and needs a secret-named key: only
  // lines with a secret's word are scanned, which most lines of code lack.
  const spans: SecretSpan[] = [];
  let offset = 0;
  for (const line of text.split("\n")) {
    if (SECRET_WORD.test(line))
      for (const span of findInLine(line, options))
        spans.push({
          ...span,
          start: span.start + offset,
          end: span.end + offset,
        });
    offset += line.length + 1;
  }
  return spans;
}

// Every word `secretKeyKind` can call a secret's, in any case.
const SECRET_WORD = /pass|pw|secret|token|key|credential|auth/i;

function findInLine(
  text: string,
  options: AssignedSecretsOptions,
): SecretSpan[] {
  const spans: SecretSpan[] = [];
  const take = (match: RegExpExecArray, code: boolean) => {
    const key = match.groups!.key!;
    const value = match.groups!.v!;
    const kind = secretKeyKind(key);
    if (kind === undefined) return;
    if (code && isCodeValue(value)) return;
    if (!(kind === "named" ? isAssignedSecret : isSchemeSecret)(value)) return;
    const [start, end] = match.indices!.groups!.v!;
    spans.push({ start, end, label: "secret" });
  };
  for (const match of text.matchAll(QUOTED)) take(match, false);
  for (const match of text.matchAll(NAME_THEN_LITERAL)) take(match, false);
  for (const match of text.matchAll(ENV)) take(match, false);
  for (const match of text.matchAll(XML_ELEMENT)) take(match, false);
  for (const match of text.matchAll(UNQUOTED)) take(match, !options.config);
  for (const match of text.matchAll(GROUP)) {
    if (secretKeyKind(match.groups!.key!) === undefined) continue;
    const offset = match.indices!.groups!.g![0];
    const group = match.groups!.g!;
    const pair = PAIR.test(group);
    [...group.matchAll(GROUP_LITERAL)].forEach((literal, i) => {
      const value = literal[2]!;
      // In a pair the second is the password, plain or not; elsewhere only
      // random-looking literals are taken.
      const pairSecret = pair && i === 1;
      if (pairSecret ? !isAssignedSecret(value) : !looksRandom(value)) return;
      const start = offset + literal.index + 1;
      spans.push({ start, end: start + value.length, label: "secret" });
    });
  }
  if (options.config)
    for (const match of text.matchAll(CONFIG_LINE)) take(match, false);
  return spans;
}
