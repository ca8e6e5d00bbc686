import type { SecretSpan } from "./secret-span.js";

// A login name as useradd takes it (a trailing `$` for a Samba machine account).
const NAME = String.raw`[A-Za-z_][A-Za-z0-9_.-]{0,31}\$?`;
// Where a line's first field starts and its last ends: not inside a longer
// name or a `a:b:c` run, and up to a space, a quote, a backtick or the line's end.
const START = String.raw`(?<![\w.$:/-])`;
const END = String.raw`(?=$|[\s"'\x60,;)\]])`;

/**
 * Lines of `/etc/passwd` and `/etc/shadow`, by their shape alone:
 * `root:x:0:0:root:/root:/bin/bash` (passwd(5): name, password, uid, gid,
 * comment, home, shell) and `root:$6$…:19000:0:99999:7:::` (shadow(5):
 * name, password, then seven numeric or empty fields). A model that posts
 * them is posting a secret file's content (`isSecretPath` keeps such files
 * from being read), whichever file they came from.
 */
const ACCOUNT_LINES: ReadonlyArray<{ label: string; regex: RegExp }> = [
  {
    label: "passwd entry",
    regex: new RegExp(
      String.raw`${START}${NAME}:[^:\s]*:\d{1,10}:\d{1,10}:[^:\n]*:/[^:\s]*:[^:\s"'\x60]*${END}`,
      "gm",
    ),
  },
  {
    label: "shadow entry",
    regex: new RegExp(
      String.raw`${START}${NAME}:[^:\s]+:\d*:\d*:\d*:\d*:\d*:\d*:[^:\s"'\x60]*${END}`,
      "gm",
    ),
  },
];

/**
 * Where `text` holds a line of a passwd or shadow file, wherever it stands
 * (a fence, a code span, prose), each as one span.
 *
 * @example
 * findAccountLines("see `root:x:0:0:root:/root:/bin/bash`")
 * // [{ start: 5, end: 36, label: "passwd entry" }]
 */
export function findAccountLines(text: string): SecretSpan[] {
  if (!text.includes(":")) return [];
  return ACCOUNT_LINES.flatMap(({ label, regex }) =>
    [...text.matchAll(regex)].map((m) => ({
      start: m.index,
      end: m.index + m[0].length,
      label,
    })),
  );
}
