import {
  cFileRole,
  fileCounterparts,
} from "../../../../src/retrieval/rank/file-counterparts.js";

/** Counterparts of one path, as "rule path" lines sorted. */
function counterpartsOf(paths: string[], path: string): string[] {
  const all = fileCounterparts(paths);
  return (all[paths.indexOf(path)] ?? [])
    .map((c) => `${c.rule} ${paths[c.fileId]}`)
    .sort();
}

describe("fileCounterparts", () => {
  it("pairs a C or C++ header with the source of the same stem in its directory", () => {
    const paths = [
      "lib/buffer.h",
      "lib/buffer.c",
      "lib/other.c",
      "lib/other.cc",
      "lib/other.hpp",
      "tools/buffer.c",
    ];
    expect(counterpartsOf(paths, "lib/buffer.h")).toEqual([
      "header lib/buffer.c",
    ]);
    expect(counterpartsOf(paths, "lib/buffer.c")).toEqual([
      "header lib/buffer.h",
    ]);
    expect(counterpartsOf(paths, "lib/other.hpp")).toEqual([
      "header lib/other.c",
      "header lib/other.cc",
    ]);
    // Two sources of that stem in other directories: neither is the header's.
    expect(counterpartsOf(paths, "tools/buffer.c")).toEqual([]);
  });

  it("pairs a header and a source across directories only when the stem is unique to them", () => {
    const paths = [
      "include/fmt/format.hpp",
      "src/format.cpp",
      "include/fmt/core.h",
      "src/a/core.cpp",
      "src/b/core.cpp",
    ];
    expect(counterpartsOf(paths, "include/fmt/format.hpp")).toEqual([
      "header src/format.cpp",
    ]);
    expect(counterpartsOf(paths, "include/fmt/core.h")).toEqual([]);
  });

  it("pairs a C++ header with the header of its inline definitions in its directory", () => {
    const paths = [
      "include/simdjson/generic/ondemand/array.h",
      "include/simdjson/generic/ondemand/array-inl.h",
      "include/simdjson/dom/array.h",
      "include/folly/io/IOBuf.h",
      "include/folly/io/IOBuf_impl.h",
      "include/matrix.hpp",
      "include/matrix.inl",
    ];
    expect(
      counterpartsOf(paths, "include/simdjson/generic/ondemand/array-inl.h"),
    ).toEqual(["header include/simdjson/generic/ondemand/array.h"]);
    expect(
      counterpartsOf(paths, "include/simdjson/generic/ondemand/array.h"),
    ).toEqual(["header include/simdjson/generic/ondemand/array-inl.h"]);
    // Another directory's header of that name has inline code of its own.
    expect(counterpartsOf(paths, "include/simdjson/dom/array.h")).toEqual([]);
    expect(counterpartsOf(paths, "include/folly/io/IOBuf.h")).toEqual([
      "header include/folly/io/IOBuf_impl.h",
    ]);
    expect(counterpartsOf(paths, "include/matrix.inl")).toEqual([
      "header include/matrix.hpp",
    ]);
  });

  it("pairs a C source and its header with their private header in their directory", () => {
    const paths = [
      "lib/compress/zstd_compress.c",
      "lib/compress/zstd_compress_internal.h",
      "lib/zstd.h",
      "lib/decompress/zstd_decompress.c",
      "src/gui/kernel/qwidget.cpp",
      "src/gui/kernel/qwidget.h",
      "src/gui/kernel/qwidget_p.h",
      "src/dump_p.h",
    ];
    expect(
      counterpartsOf(paths, "lib/compress/zstd_compress_internal.h"),
    ).toEqual(["header lib/compress/zstd_compress.c"]);
    expect(counterpartsOf(paths, "src/gui/kernel/qwidget_p.h")).toEqual([
      "header src/gui/kernel/qwidget.cpp",
      "header src/gui/kernel/qwidget.h",
    ]);
    // No `dump.c` or `dump.h` beside it: the suffix alone links nothing.
    expect(counterpartsOf(paths, "src/dump_p.h")).toEqual([]);
  });

  it("links a Rust file to its parent and grandparent modules (mod.rs, name.rs or the crate root), a module to its submodules", () => {
    const paths = [
      "tokio/src/lib.rs",
      "tokio/src/net/mod.rs",
      "tokio/src/net/unix/mod.rs",
      "tokio/src/net/unix/stream.rs",
      "tokio/src/io.rs",
      "tokio/src/io/poll.rs",
      "tokio/src/main.rs",
    ];
    expect(counterpartsOf(paths, "tokio/src/net/unix/stream.rs")).toEqual([
      "module tokio/src/net/mod.rs",
      "module tokio/src/net/unix/mod.rs",
    ]);
    expect(counterpartsOf(paths, "tokio/src/net/unix/mod.rs")).toEqual([
      "module tokio/src/lib.rs",
      "module tokio/src/net/mod.rs",
      "submodule tokio/src/net/unix/stream.rs",
    ]);
    expect(counterpartsOf(paths, "tokio/src/net/mod.rs")).toEqual([
      "module tokio/src/lib.rs",
      "submodule tokio/src/net/unix/mod.rs",
    ]);
    expect(counterpartsOf(paths, "tokio/src/io/poll.rs")).toEqual([
      "module tokio/src/io.rs",
      "module tokio/src/lib.rs",
    ]);
    expect(counterpartsOf(paths, "tokio/src/io.rs")).toEqual([
      "module tokio/src/lib.rs",
      "submodule tokio/src/io/poll.rs",
    ]);
    // main.rs is a root too, but lib.rs is the one a file beside both declares from.
    expect(counterpartsOf(paths, "tokio/src/main.rs")).toEqual([]);
  });

  it("finds no counterparts for Python, JavaScript, Java or Go files", () => {
    const paths = [
      "src/main/java/com/x/Parser.java",
      "src/main/java/com/x/Lexer.java",
      "pkg/server/server.go",
      "pkg/server/handler.go",
      "pkg/__init__.py",
      "pkg/core.py",
      "lib/index.js",
      "lib/a.js",
    ];
    for (const p of paths) expect(counterpartsOf(paths, p)).toEqual([]);
  });
});

describe("cFileRole", () => {
  it("tells C and C++ headers from sources by extension, in any case", () => {
    expect(
      [
        "include/fmt/format.h",
        "include/nlohmann/json.hpp",
        "src/object-inl.h",
        "src/object.inl",
        "lib/Widget.HXX",
        "src/format.cc",
        "src/uv.c",
        "kernels/add.cu",
        "src/lib.rs",
        "Makefile",
      ].map(cFileRole),
    ).toEqual([
      "header",
      "header",
      "header",
      "header",
      "header",
      "source",
      "source",
      "source",
      undefined,
      undefined,
    ]);
  });
});
