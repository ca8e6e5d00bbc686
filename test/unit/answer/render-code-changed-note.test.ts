import { fromMarkdown } from "mdast-util-from-markdown";
import type { Nodes } from "mdast";
import { renderCodeChangedNote } from "../../../src/answer/render-code-changed-note.js";

const repository = {
  owner: "o",
  repo: "r",
  sha: "8f1e2a3b4c5d6e7f8091a2b3c4d5e6f708192a3b",
};

/** Every node of the parsed note, depth first. */
function nodes(markdown: string): Nodes[] {
  const all: Nodes[] = [];
  const walk = (node: Nodes) => {
    all.push(node);
    if ("children" in node) node.children.forEach(walk);
  };
  walk(fromMarkdown(markdown));
  return all;
}

describe("renderCodeChangedNote", () => {
  it("names the commit, each place and what became of it", () => {
    expect(
      renderCodeChangedNote({
        repository,
        handle: "askcode",
        places: [
          {
            path: "src/retry.ts",
            range: [10, 20],
            fate: "moved",
            now: { path: "src/retry.ts", range: [12, 22] },
          },
          { path: "src/old.ts", fate: "moved", now: { path: "src/new.ts" } },
          { path: "src/gone.ts", range: [3, 3], fate: "deleted" },
          { path: "README.md", fate: "changed" },
        ],
      }),
    ).toBe(
      [
        "> [!NOTE]",
        "> The code this answer cites changed in [8f1e2a3](https://github.com/o/r/commit/8f1e2a3b4c5d6e7f8091a2b3c4d5e6f708192a3b):",
        "> - `src/retry.ts` lines 10-20 moved to lines 12-22",
        "> - `src/old.ts` moved to `src/new.ts`",
        "> - `src/gone.ts` line 3: the file was deleted",
        "> - `README.md` changed",
        ">",
        "> `@askcode /retry` asks the question again at the new code.",
        "<!-- askcode:code-changed -->",
      ].join("\n"),
    );
  });

  it("keeps a path with backticks whole in one code span: no link, no mention, no markup", () => {
    const tricky = "docs/a`b`[x](https://evil.example)@someone.md";
    const renamed = "docs/``c``.md";
    const note = renderCodeChangedNote({
      repository,
      handle: "askcode",
      places: [
        { path: tricky, range: [1, 2], fate: "changed" },
        { path: tricky, fate: "moved", now: { path: renamed } },
      ],
    });
    const parsed = nodes(note);
    expect(
      parsed.flatMap((n) => (n.type === "inlineCode" ? [n.value] : [])),
    ).toStrictEqual([tricky, tricky, renamed, "@askcode /retry"]);
    // The commit's is the note's one link.
    expect(
      parsed.flatMap((n) => (n.type === "link" ? [n.url] : [])),
    ).toStrictEqual([`https://github.com/o/r/commit/${repository.sha}`]);
  });
});
