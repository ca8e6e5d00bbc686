/**
 * The bytes of a response body as Octokit hands it over: a string for JSON
 * and for `text/*` or `charset=utf-8` content types, an ArrayBuffer for the
 * rest (`@octokit/request`, `getResponseData`). GitHub labels raw file
 * contents `charset=utf-8` whatever they hold, so a binary file may arrive
 * as a string with U+FFFD in place of invalid bytes; binary detection still
 * sees its NUL bytes and replacement characters.
 *
 * @example
 * responseBytes(new TextEncoder().encode("hi").buffer) // <Buffer 68 69>
 * responseBytes("hi")                                  // <Buffer 68 69>
 */
export function responseBytes(data: unknown): Buffer {
  if (typeof data === "string") return Buffer.from(data, "utf8");
  if (data instanceof ArrayBuffer) return Buffer.from(data);
  if (ArrayBuffer.isView(data))
    return Buffer.from(data.buffer, data.byteOffset, data.byteLength);
  throw new TypeError(
    `Expected a string or bytes from GitHub, got ${data === null ? "null" : typeof data}`,
  );
}
