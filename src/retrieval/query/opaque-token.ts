// Groups of hexadecimal digits, joined by hyphens or not: a commit
// ("adb42f4"), a digest, a UUID, the name GitHub gives an uploaded image
// ("42227505-f414e1b6-7ee1-11e8-9c6c-9c64ec2a4406").
const HEX_GROUPS = /^[0-9a-f]+(?:-[0-9a-f]+)*$/i;

/**
 * Whether a word of a question is an opaque token: hexadecimal digits, 7 or
 * more, with a digit and a letter among them (a commit, a digest, a UUID, an
 * uploaded screenshot's name). It names nothing in the code, and its parts
 * ("ee", "cb", "9c6c") match whatever code happens to hold them: on the
 * training set's questions a quarter carried such tokens, mostly from
 * screenshots' links, and their parts were terms of the query.
 *
 * @example
 * isOpaqueToken("42227505-f414e1b6-7ee1-11e8-9c6c-9c64ec2a4406") // true
 * isOpaqueToken("adb42f4")  // true
 * isOpaqueToken("deadbeef") // false: no digit, may be a name
 * isOpaqueToken("utf8")     // false: too short
 */
export function isOpaqueToken(word: string): boolean {
  if (!HEX_GROUPS.test(word)) return false;
  const digits = word.replace(/-/g, "");
  return digits.length >= 7 && /[0-9]/.test(digits) && /[a-f]/i.test(digits);
}
