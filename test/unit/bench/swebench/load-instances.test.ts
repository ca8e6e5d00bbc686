import {
  parseInstances,
  selectInstances,
} from "../../../../bench/swebench/load-instances.js";
import { mirrorPath } from "../../../../bench/swebench/mirror-path.js";

const row = (id: string, repo = "psf/requests") =>
  JSON.stringify({
    instance_id: id,
    repo,
    base_commit: "a".repeat(40),
    problem_statement: "It breaks.",
    gold_files: ["requests/models.py"],
    gold_hunks: { "requests/models.py": [[10, 7]] },
    subsets: ["lite"],
  });

describe("parseInstances", () => {
  it("reads one instance a line and ignores fields it does not use", () => {
    const instances = parseInstances(
      `${row("a-1")}\n\n${row("b-2", "pallets/flask")}\n`,
    );
    expect(instances.map((i) => i.instance_id)).toEqual(["a-1", "b-2"]);
    expect(instances[0]?.gold_hunks).toEqual({
      "requests/models.py": [[10, 7]],
    });
  });

  it("keeps the language a multi-language row names, and refuses one it does not know", () => {
    const rust = JSON.stringify({
      ...JSON.parse(row("tokio-rs__tokio-1", "tokio-rs/tokio")),
      language: "rust",
    });
    expect(parseInstances(rust)[0]?.language).toBe("rust");
    expect(parseInstances(row("a-1"))[0]?.language).toBeUndefined();
    const cobol = rust.replace('"rust"', '"cobol"');
    expect(() => parseInstances(cobol, "dev.jsonl")).toThrow(
      /^dev\.jsonl:1 is not an instance: language: unknown language; expected one of .*cpp/,
    );
  });

  it("names the line and the field that is wrong", () => {
    expect(() =>
      parseInstances(`${row("a-1")}\n{"instance_id":"x"}`, "dev.jsonl"),
    ).toThrow(/^dev\.jsonl:2 is not an instance: repo/);
    expect(() => parseInstances("{", "dev.jsonl")).toThrow(
      /^dev\.jsonl:1 is not JSON/,
    );
  });

  it("reads the gold from the patch of a row of the public data set", () => {
    const patch = [
      "diff --git a/requests/models.py b/requests/models.py",
      "index 3f1a2b4..9c8d7e6 100644",
      "--- a/requests/models.py",
      "+++ b/requests/models.py",
      "@@ -40,3 +40,3 @@ class Request:",
      "     def prepare(self):",
      "-        return None",
      "+        return self",
      "     # end",
      "",
    ].join("\n");
    const publicRow = JSON.stringify({
      instance_id: "psf__requests-1",
      repo: "psf/requests",
      base_commit: "b".repeat(40),
      problem_statement: "prepare() returns None.",
      patch,
      test_patch: "",
      version: "2.0",
    });
    expect(parseInstances(publicRow)).toEqual([
      {
        instance_id: "psf__requests-1",
        repo: "psf/requests",
        base_commit: "b".repeat(40),
        problem_statement: "prepare() returns None.",
        gold_files: ["requests/models.py"],
        gold_hunks: { "requests/models.py": [[40, 3]] },
      },
    ]);
  });

  it("skips, and says so, a row whose fix only adds files", () => {
    const addsOnly = JSON.stringify({
      instance_id: "psf__requests-2",
      repo: "psf/requests",
      base_commit: "c".repeat(40),
      problem_statement: "Add a helper.",
      patch:
        "diff --git a/h.py b/h.py\nnew file mode 100644\n--- /dev/null\n+++ b/h.py\n@@ -0,0 +1 @@\n+x = 1\n",
    });
    const notes: string[] = [];
    const instances = parseInstances(
      `${row("a-1")}\n${addsOnly}`,
      "dev.jsonl",
      (note) => notes.push(note),
    );
    expect(instances.map((i) => i.instance_id)).toEqual(["a-1"]);
    expect(notes).toEqual([
      "dev.jsonl:2 skipped: its patch changes no file that exists at base_commit.",
    ]);
  });

  it("selects by repository, id and limit, keeping the file's order", () => {
    const all = parseInstances(
      [row("a-1"), row("b-2", "pallets/flask"), row("c-3")].join("\n"),
    );
    expect(
      selectInstances(all, { repo: "psf/requests" }).map((i) => i.instance_id),
    ).toEqual(["a-1", "c-3"]);
    expect(
      selectInstances(all, { ids: ["c-3", "b-2"] }).map((i) => i.instance_id),
    ).toEqual(["b-2", "c-3"]);
    expect(
      selectInstances(all, { limit: 1 }).map((i) => i.instance_id),
    ).toEqual(["a-1"]);
  });

  it("keeps only the repositories of a split's part", () => {
    const all = parseInstances(
      [row("a-1"), row("b-2", "pallets/flask"), row("c-3")].join("\n"),
    );
    expect(
      selectInstances(all, { repos: new Set(["pallets/flask"]) }).map(
        (i) => i.instance_id,
      ),
    ).toEqual(["b-2"]);
  });

  it("takes the first instances of every repository with perRepo, then the limit", () => {
    const all = parseInstances(
      [
        row("a-1"),
        row("b-2", "pallets/flask"),
        row("c-3"),
        row("d-4", "pallets/flask"),
        row("e-5", "pallets/flask"),
      ].join("\n"),
    );
    expect(
      selectInstances(all, { perRepo: 2 }).map((i) => i.instance_id),
    ).toEqual(["a-1", "b-2", "c-3", "d-4"]);
    expect(
      selectInstances(all, { perRepo: 1, limit: 1 }).map((i) => i.instance_id),
    ).toEqual(["a-1"]);
    expect(
      selectInstances(all, { perRepo: 1, ids: ["c-3", "e-5"] }).map(
        (i) => i.instance_id,
      ),
    ).toEqual(["c-3", "e-5"]);
  });
});

describe("mirrorPath", () => {
  it("fills the layout", () => {
    expect(mirrorPath("/m", "psf/requests")).toBe("/m/psf+requests/repo");
    expect(mirrorPath("/srv", "psf/requests", "{owner}/{name}.git")).toBe(
      "/srv/psf/requests.git",
    );
    expect(mirrorPath("/srv", "psf/requests", "{repo}")).toBe(
      "/srv/psf/requests",
    );
  });
});
