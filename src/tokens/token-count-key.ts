import { hash } from "node:crypto";

// Below this length a text is its own key: hashing would cost about as much
// as encoding it. Such texts (headers, markers, one-line entries) are still
// remembered, so that a memo kept between runs spares loading the encoder.
const MIN_HASHED_LENGTH = 64;

/**
 * The key a text's token count is remembered by (`TokenCountMemo`): the
 * encoding and the text itself when short, else the encoding and the
 * SHA-1 of the text, base64.
 *
 * @example
 * tokenCountKey("o200k_base", "hello") // "o200k_base=hello"
 * tokenCountKey("o200k_base", "x".repeat(64)) // "o200k_base:" + 27 base64 characters
 */
export function tokenCountKey(encodingName: string, text: string): string {
  return text.length < MIN_HASHED_LENGTH
    ? `${encodingName}=${text}`
    : // One call, not a Hash object per text: packing looks up thousands.
      `${encodingName}:${hash("sha1", text, "base64")}`;
}

/**
 * The SHA-1 a hashed key of `encodingName` names (20 bytes), or undefined
 * for a short text's key or another encoding's.
 *
 * @example
 * keyDigest(tokenCountKey("o200k_base", longText), "o200k_base") // <Buffer …> (20 bytes)
 * keyDigest("o200k_base=hello", "o200k_base")                    // undefined
 */
export function keyDigest(
  key: string,
  encodingName: string,
): Buffer | undefined {
  if (
    !key.startsWith(encodingName) ||
    key.charCodeAt(encodingName.length) !== 58 // ":"
  )
    return undefined;
  const digest = Buffer.from(key.slice(encodingName.length + 1), "base64");
  return digest.length === 20 ? digest : undefined;
}
