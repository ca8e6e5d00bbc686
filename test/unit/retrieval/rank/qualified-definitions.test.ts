import { rankOver } from "../../../helpers/rank-over.js";
import type { SourceFile } from "../../../../src/retrieval/types.js";

// Three Rust types that each declare `len` and `new`, and a C++ class whose
// method is defined out of its class in the .cpp beside its header.
const files: SourceFile[] = [
  {
    path: "src/sync/broadcast.rs",
    text: [
      "pub struct Sender<T> {",
      "    shared: Arc<Shared<T>>,",
      "}",
      "",
      "impl<T> Sender<T> {",
      "    pub fn new(capacity: usize) -> Sender<T> {",
      "        Sender { shared: Arc::new(Shared::with_capacity(capacity)) }",
      "    }",
      "",
      "    pub fn len(&self) -> usize {",
      "        let tail = self.shared.tail.lock();",
      "        tail.pos - self.shared.head()",
      "    }",
      "}",
      "",
    ].join("\n"),
  },
  {
    path: "src/sync/mpsc/bounded.rs",
    text: [
      "pub struct Receiver<T> {",
      "    chan: chan::Rx<T, Semaphore>,",
      "}",
      "",
      "impl<T> Receiver<T> {",
      "    pub fn new(chan: chan::Rx<T, Semaphore>) -> Receiver<T> {",
      "        Receiver { chan }",
      "    }",
      "",
      "    pub fn len(&self) -> usize {",
      "        self.chan.len()",
      "    }",
      "}",
      "",
    ].join("\n"),
  },
  {
    path: "src/util/linked_list.rs",
    text: [
      "pub struct LinkedList<L> {",
      "    head: Option<NonNull<L>>,",
      "}",
      "",
      "impl<L> LinkedList<L> {",
      "    pub fn new() -> LinkedList<L> {",
      "        LinkedList { head: None }",
      "    }",
      "",
      "    pub fn len(&self) -> usize {",
      "        self.iter().count()",
      "    }",
      "}",
      "",
    ].join("\n"),
  },
  {
    path: "include/catch_session.h",
    text: [
      "namespace Catch {",
      "    class Session {",
      "    public:",
      "        int applyCommandLine( int argc, char const * const * argv );",
      "        int run();",
      "    };",
      "}",
      "",
    ].join("\n"),
  },
  {
    path: "src/catch_session.cpp",
    text: [
      '#include "catch_session.h"',
      "",
      "namespace Catch {",
      "    int Session::applyCommandLine( int argc, char const * const * argv ) {",
      "        if( m_startupExceptions )",
      "            return 1;",
      "        return parseArgs( argc, argv );",
      "    }",
      "}",
      "",
    ].join("\n"),
  },
  {
    path: "src/catch_reporter.cpp",
    text: [
      "namespace Catch {",
      "    int Reporter::applyCommandLine( int argc, char const * const * argv ) {",
      "        return 0;",
      "    }",
      "}",
      "",
    ].join("\n"),
  },
];
const rank = rankOver(files);
const declarationOf = (question: string, name: string) =>
  rank(question).find((r) =>
    r.why.some(
      (w) => w.kind === "definition" && w.detail === `declares ${name}`,
    ),
  )?.chunk.path;

describe("rankChunks on Owner::member", () => {
  it("puts the member of the type the question names above the same name elsewhere", () => {
    const ranked = rank("Receiver::len is wrong after close");
    expect(ranked[0]?.chunk.path).toBe("src/sync/mpsc/bounded.rs");
    expect(ranked[0]?.chunk.text).toContain("pub fn len");
    expect(
      declarationOf("Receiver::len is wrong after close", "Receiver::len"),
    ).toBe("src/sync/mpsc/bounded.rs");
  });

  it("counts a C++ method defined out of its class as its class's, not another class's of the same name", () => {
    const ranked = rank(
      "Catch::Session::applyCommandLine() returns 1 on a bad flag",
    );
    const qualified = (path: string) =>
      ranked
        .filter((r) => r.chunk.path === path)
        .some((r) =>
          r.why.some(
            (w) =>
              w.detail === "declares Session::applyCommandLine" && w.points > 0,
          ),
        );
    expect(qualified("src/catch_session.cpp")).toBe(true);
    expect(qualified("include/catch_session.h")).toBe(true);
    expect(qualified("src/catch_reporter.cpp")).toBe(false);
    const at = (path: string) => ranked.findIndex((r) => r.chunk.path === path);
    expect(at("src/catch_session.cpp")).toBeLessThan(
      at("src/catch_reporter.cpp"),
    );
  });
});
