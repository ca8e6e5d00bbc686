import { execFileSync } from "node:child_process";
import {
  gitBlobSha,
  textBlobSha,
} from "../../../../src/code-host/github/git-blob-sha.js";

// What git itself names the blob of these bytes.
const gitHashObject = (bytes: Buffer) =>
  execFileSync("git", ["hash-object", "--stdin"], { input: bytes })
    .toString()
    .trim();

describe("textBlobSha", () => {
  it.each([
    ["an empty text", ""],
    ["ASCII", "hello\n"],
    ["two-byte and four-byte characters", "naïve ☃ 🙂 日本語\r\n"],
  ])("names %s as git names its UTF-8 bytes", (_, text) => {
    const bytes = Buffer.from(text, "utf8");
    expect(textBlobSha(text)).toBe(gitHashObject(bytes));
    expect(textBlobSha(text)).toBe(gitBlobSha(bytes));
  });
});
