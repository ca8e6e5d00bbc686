import { setAsideReason } from "../../../src/policy/set-aside-reason.js";

const CODE = "int main(void) { return 0; }\n";
const RONN = '.\\" generated with Ronn-NG/v0.9.1\n.TH "ZSTD" "1"\n';

describe("setAsideReason", () => {
  it.each([
    [
      "api/user_pb2.py",
      "generated",
      "path names protocol buffer compiler's output",
    ],
    [
      "api/user.pb.go",
      "generated",
      "path names protocol buffer compiler's output",
    ],
    ["configure", "generated", "path names autoconf's output"],
    ["build-aux/config.guess", "vendored", "path names a copy of GNU config"],
    ["m4/libtool.m4", "generated", "path names autoconf/libtool's output"],
    [
      "deps/uv/src/unix/core.c",
      "vendored",
      "path names a copy of bundled C dependencies (deps/)",
    ],
    ["web/static/jquery-3.7.1.js", "vendored", "path names a copy of jQuery"],
    [
      "src/__generated__/Query.graphql.ts",
      "generated",
      "path names Relay compiler's output",
    ],
  ])("sets %s aside by its path as %s", (path, kind, why) => {
    expect(setAsideReason(path, CODE, {})).toStrictEqual({ kind, why });
  });

  it.each([
    "src/configure.c",
    "src/deps/graph.c",
    "lib/config.py",
    "src/user.py",
  ])("reads %s as written by people", (path) => {
    expect(setAsideReason(path, CODE, {})).toBeUndefined();
  });

  it("takes the repository's linguist-generated first, either way", () => {
    expect(
      setAsideReason("src/lexer.c", CODE, { generated: true }),
    ).toStrictEqual({
      kind: "generated",
      why: ".gitattributes marks it linguist-generated",
    });
    // "-linguist-generated" overrules the header and the name, as on GitHub…
    expect(
      setAsideReason("man/zstd.1", RONN, { generated: false }),
    ).toBeUndefined();
    expect(
      setAsideReason("api/user_pb2.py", CODE, { generated: false }),
    ).toBeUndefined();
    // …but not a rule of the other kind; "-linguist-vendored" overrules that.
    expect(setAsideReason("deps/x.c", CODE, { generated: false })?.kind).toBe(
      "vendored",
    );
    expect(
      setAsideReason("deps/x.c", CODE, { vendored: false }),
    ).toBeUndefined();
  });

  it("does not set aside what the repository marks linguist-vendored: that only keeps its own files out of language statistics", () => {
    expect(
      setAsideReason("doc/fd.1", ".TH FD 1\n", { vendored: true }),
    ).toBeUndefined();
  });

  it("falls back to the text's first lines", () => {
    expect(setAsideReason("man/zstd.1", RONN, {})).toStrictEqual({
      kind: "generated",
      why: 'first lines say "generated with"',
    });
  });
});
