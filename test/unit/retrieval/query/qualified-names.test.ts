import { qualifiedNames } from "../../../../src/retrieval/query/qualified-names.js";

describe("qualifiedNames", () => {
  it("takes the last owner and member of a C++ or Rust path, each once", () => {
    expect(
      qualifiedNames(
        "`broadcast::Sender::len` and Receiver::len differ; Catch::Session::applyCommandLine() too. Sender::len again",
      ),
    ).toEqual([
      { owner: "Sender", member: "len" },
      { owner: "Receiver", member: "len" },
      { owner: "Session", member: "applyCommandLine" },
    ]);
  });

  it("skips the standard library's and relative paths, and Self", () => {
    expect(
      qualifiedNames(
        "std::mem::swap, core::ptr::null, std::vector, self::parse, Self::Item, crate::run",
      ),
    ).toEqual([]);
  });
});
