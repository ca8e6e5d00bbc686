// Git and GitHub decide "binary" from the first 8,000 bytes or so; so do we.
const SNIFF_LENGTH = 8 * 1024;
// Above this share of undecodable or control characters, the bytes are data.
const MAX_ODD_SHARE = 0.1;
// U+FFFD (what invalid UTF-8 decodes to) and control characters other than
// tab, newline, form feed and carriage return. A regex scan is native code:
// a character loop in JavaScript cost ten times more over 3,000 files.
const ODD_CHARACTERS = /[\x00-\x08\x0B\x0E-\x1F\uFFFD]/g;

const decoder = new TextDecoder("utf-8");

/**
 * Decodes a file's bytes as UTF-8 text, or returns `undefined` when they look
 * binary: a NUL byte in the first 8 KB (git's own test), or more than 10 % of
 * the first 8 K characters being invalid UTF-8 or control characters other
 * than tab, newline, carriage return and form feed. A few bad bytes in a
 * Latin-1 comment still read as text, with U+FFFD in their place. A leading
 * byte order mark is dropped.
 *
 * @example
 * decodeText(Buffer.from("hello\n")) // "hello\n"
 * decodeText(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x00])) // undefined (a PNG)
 */
export function decodeText(bytes: Uint8Array): string | undefined {
  if (bytes.subarray(0, SNIFF_LENGTH).includes(0)) return undefined;
  // TextDecoder drops a leading UTF-8 byte order mark itself.
  const text = decoder.decode(bytes);
  const sample =
    text.length > SNIFF_LENGTH ? text.slice(0, SNIFF_LENGTH) : text;
  const odd = sample.match(ODD_CHARACTERS)?.length ?? 0;
  return odd > sample.length * MAX_ODD_SHARE ? undefined : text;
}
