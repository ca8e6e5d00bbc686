// Writes dist/encodings-v1/: the tokenizer's encodings decoded, for a first
// question on an empty cache directory to read instead of loading
// js-tiktoken's table source and decoding it (50-70 ms of a cold question;
// see shipEncodings in src/cli/kept-encodings.ts). Run by `npm run build`
// after tsc, with the compiled code.
import { shipEncodings } from "../dist/cli/kept-encodings.js";

shipEncodings(new URL("../dist/", import.meta.url).pathname, [
  "o200k_base",
  "cl100k_base",
]);
