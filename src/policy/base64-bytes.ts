/**
 * The bytes of base64, standard or URL-safe (`-` and `_` for `+` and `/`),
 * padded or not: a model may write either alphabet.
 *
 * @example
 * base64Bytes("Z2hwXw").toString() // "ghp_"
 */
export function base64Bytes(encoded: string): Buffer {
  return Buffer.from(encoded.replace(/-/g, "+").replace(/_/g, "/"), "base64");
}
