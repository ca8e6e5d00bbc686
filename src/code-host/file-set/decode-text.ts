// Git and GitHub decide "binary" from the first 8,000 bytes or so; so do we.
const SNIFF_BYTES = 8 * 1024;
// Above this share of undecodable or control characters, the bytes are data.
const MAX_ODD_SHARE = 0.1;

const decoder = new TextDecoder("utf-8");

/**
 * Decodes a file's bytes as UTF-8 text, or returns `undefined` when they look
 * binary: a NUL byte in the first 8 KB (git's own test), or more than 10 % of
 * the first 8 KB being invalid UTF-8 or control characters other than tab,
 * newline, carriage return and form feed. A few bad bytes in a Latin-1
 * comment still read as text, with U+FFFD in their place.
 *
 * @example
 * decodeText(Buffer.from("hello\n")) // "hello\n"
 * decodeText(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x00])) // undefined (a PNG)
 */
export function decodeText(bytes: Uint8Array): string | undefined {
  const head = bytes.subarray(0, SNIFF_BYTES);
  if (head.includes(0)) return undefined;
  const sample = decoder.decode(head);
  let odd = 0;
  // The sample may end inside a multi-byte character: its last few characters may be U+FFFD.
  const checked =
    head.length < bytes.length ? sample.length - 3 : sample.length;
  for (let i = 0; i < checked; i++) {
    const code = sample.charCodeAt(i);
    if (
      code === 0xfffd ||
      (code < 0x20 &&
        code !== 0x09 &&
        code !== 0x0a &&
        code !== 0x0d &&
        code !== 0x0c)
    )
      odd++;
  }
  if (checked > 0 && odd / checked > MAX_ODD_SHARE) return undefined;
  // TextDecoder drops a leading UTF-8 byte order mark itself.
  return head.length === bytes.length ? sample : decoder.decode(bytes);
}
