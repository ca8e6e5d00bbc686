const utf8 = new TextDecoder("utf-8", { fatal: true });

// Shorter decodings say too little: four random bytes are printable often
// enough that every hex word would read as text.
const MIN_LENGTH = 8;

/**
 * What `bytes` say when they are text a person can read: valid UTF-8, 8
 * characters or more, and at least 95 % printable ASCII. Decoded base64 or
 * hex that is a secret in disguise passes; the random bytes behind a commit
 * SHA, a UUID or a PNG do not.
 *
 * @example
 * readableText(Buffer.from("6768705f616263646566", "hex")) // "ghp_abcdef"
 * readableText(Buffer.from("6dcb09b5b57875f334f6", "hex")) // undefined
 */
export function readableText(bytes: Uint8Array): string | undefined {
  let text: string;
  try {
    text = utf8.decode(bytes);
  } catch {
    return undefined;
  }
  const printable = text.replace(/[^\x20-\x7E\t\n\r]/g, "").length;
  return text.length >= MIN_LENGTH && printable >= text.length * 0.95
    ? text
    : undefined;
}
