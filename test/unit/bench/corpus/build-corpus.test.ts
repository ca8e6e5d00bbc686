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
  let gadgets: { base: string; fixed: string; head: string };

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
    writeFiles(g, { "g.py": "a\nB\nc\n" });
    gadgets = { base, fixed: commitAll(g, LONG), head: "" };
    writeFiles(g, { "g.py": "a\nB\nC\n" });
    gadgets.head = commitAll(g, "Too short to be a question.");
  });
  afterAll(() => removeDir(mirrors));

  const recipeText = () =>
    JSON.stringify({
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
          questions: { from: "history", count: 1 },
        },
      ],
    });

  it("puts each repository's history questions in its part, with their gold", () => {
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
    expect(corpus.parts.heldout).toEqual([
      {
        instance_id: `acme/gadgets@${gadgets.fixed.slice(0, 10)}`,
        repo: "acme/gadgets",
        base_commit: gadgets.base,
        problem_statement: LONG,
        gold_files: ["g.py"],
        gold_hunks: { "g.py": [[1, 3]] },
        language: "python",
        source: "history",
      },
    ]);
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
    expect(text.split("\n")).toHaveLength(2);
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
