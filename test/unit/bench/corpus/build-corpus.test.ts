import { mkdirSync } from "node:fs";
import { join } from "node:path";
import {
  buildCorpus,
  corpusJsonl,
} from "../../../../bench/corpus/build-corpus.js";
import { parseRecipe } from "../../../../bench/corpus/recipe.js";
import {
  commitAll,
  git,
  makeTempDir,
  removeDir,
  writeFiles,
} from "../../../helpers/temp-repo.js";

const LONG =
  "Retry the upload when the server closes the connection early, because a half-sent body would otherwise be reported as a success to the caller.";

/** A git repository at `mirrors/owner+name/repo`, the harness's default mirror layout. */
function mirror(mirrors: string, repo: string): string {
  const dir = join(mirrors, repo.replace("/", "+"), "repo");
  mkdirSync(dir, { recursive: true });
  git(dir, "init", "--quiet");
  return dir;
}

describe("buildCorpus", () => {
  let mirrors: string;
  let widgets: { added: string; fixed: string; head: string };
  let gadgets: { base: string; head: string };
  let data: string;

  beforeAll(() => {
    mirrors = makeTempDir();
    // History: only the commit that modifies a source file with a long message qualifies.
    const w = mirror(mirrors, "acme/widgets");
    writeFiles(w, {
      "src/upload.ts": "one\ntwo\nthree\n",
      "README.md": "hi\n",
    });
    const added = commitAll(w, LONG);
    writeFiles(w, { "src/upload.ts": "one\n2\nthree\n" });
    const fixed = commitAll(w, `${LONG}\n\nSigned-off-by: Someone <a@b.c>`);
    writeFiles(w, { "README.md": "hello\n" });
    commitAll(w, LONG);
    writeFiles(w, { "src/upload.ts": "one\n2\n3\n" });
    const head = commitAll(w, "Too short to be a question.");
    widgets = { added, fixed, head };

    const g = mirror(mirrors, "acme/gadgets");
    writeFiles(g, { "g.py": "a\nb\nc\n" });
    const base = commitAll(g, "start");
    gadgets = { base, head: base };

    // An issue source: SWE-bench-shaped rows, the fix as a patch.
    const d = mirror(mirrors, "someone/data");
    const patch =
      "diff --git a/g.py b/g.py\n--- a/g.py\n+++ b/g.py\n@@ -1,3 +1,3 @@\n a\n-b\n+B\n c\n";
    const issue = (n: number, repo = "acme/gadgets") =>
      JSON.stringify({
        instance_id: `acme__gadgets-${n}`,
        repo,
        base_commit: base,
        problem_statement: `Issue ${n}: b should be B.`,
        patch,
        hints_text: "",
      });
    writeFiles(d, {
      "rows.jsonl":
        [1, 2, 3, 4].map((n) => issue(n)).join("\n") +
        `\n${issue(5, "other/repo")}\n`,
    });
    data = commitAll(d, "rows");
  });
  afterAll(() => removeDir(mirrors));

  const recipeText = () =>
    JSON.stringify({
      issueSources: {
        lite: { repo: "someone/data", commit: data, path: "rows.jsonl" },
      },
      repositories: [
        {
          repo: "acme/widgets",
          language: "js",
          commit: widgets.head,
          part: "train",
          questions: { from: "history", count: 5 },
        },
        {
          repo: "acme/gadgets",
          language: "python",
          commit: gadgets.head,
          part: "heldout",
          questions: { from: "issues", source: "lite", count: 2 },
        },
      ],
    });

  it("puts each repository's instances in its part: history questions and issue rows, with their gold", () => {
    const corpus = buildCorpus(parseRecipe(recipeText()), { mirrors });
    expect(corpus.parts.train).toEqual([
      {
        instance_id: `acme/widgets@${widgets.fixed.slice(0, 10)}`,
        repo: "acme/widgets",
        base_commit: widgets.added,
        problem_statement: LONG,
        gold_files: ["src/upload.ts"],
        gold_hunks: { "src/upload.ts": [[1, 3]] },
        language: "js",
        source: "history",
      },
    ]);
    // Two of the repository's four rows, spread evenly; the other repository's row is left out.
    expect(corpus.parts.heldout.map((r) => r.instance_id)).toEqual([
      "acme__gadgets-1",
      "acme__gadgets-3",
    ]);
    expect(corpus.parts.heldout[0]).toMatchObject({
      base_commit: gadgets.base,
      gold_files: ["g.py"],
      gold_hunks: { "g.py": [[1, 3]] },
      language: "python",
      source: "lite",
    });
    expect(corpus.notes).toEqual([
      "acme/widgets: 1 of the 5 instances the recipe asks for (qualifying commits ran out).",
    ]);
  });

  it("gives the same bytes for the same recipe and mirrors, one instance a line", () => {
    const once = buildCorpus(parseRecipe(recipeText()), { mirrors });
    const again = buildCorpus(parseRecipe(recipeText()), { mirrors });
    const text = corpusJsonl(once.parts.heldout);
    expect(corpusJsonl(again.parts.heldout)).toBe(text);
    expect(corpusJsonl(again.parts.train)).toBe(corpusJsonl(once.parts.train));
    expect(text.split("\n")).toHaveLength(3);
    expect(Object.keys(JSON.parse(text.split("\n")[0] ?? ""))).toEqual([
      "instance_id",
      "repo",
      "base_commit",
      "problem_statement",
      "gold_files",
      "gold_hunks",
      "language",
      "source",
    ]);
  });

  it("refuses a missing mirror, naming the repository", () => {
    expect(() =>
      buildCorpus(parseRecipe(recipeText()), {
        mirrors: join(mirrors, "nowhere"),
      }),
    ).toThrow(
      /^acme\/widgets: no git mirror at .*nowhere\/acme\+widgets\/repo/,
    );
  });

  it("refuses a mirror that lacks the pinned commit, naming the repository", () => {
    const recipe = parseRecipe(
      recipeText().replace(widgets.head, "f".repeat(40)),
    );
    expect(() => buildCorpus(recipe, { mirrors })).toThrow(
      /^acme\/widgets: the mirror .*acme\+widgets\/repo has no commit f{40}/,
    );
  });
});
