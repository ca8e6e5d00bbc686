import {
  parseInstances,
  selectInstances,
} from "../../../../bench/swebench/load-instances.js";
import { mirrorPath } from "../../../../bench/swebench/mirror-path.js";
import { parseBenchArgs } from "../../../../bench/swebench/parse-bench-args.js";

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

  it("names the line and the field that is wrong", () => {
    expect(() =>
      parseInstances(`${row("a-1")}\n{"instance_id":"x"}`, "dev.jsonl"),
    ).toThrow(/^dev\.jsonl:2 is not an instance: repo/);
    expect(() => parseInstances("{", "dev.jsonl")).toThrow(
      /^dev\.jsonl:1 is not JSON/,
    );
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

describe("parseBenchArgs", () => {
  it("has the issue's defaults", () => {
    const args = parseBenchArgs([]);
    expect(args.budgets).toEqual([8000, 13000, 27000, 50000]);
    expect(args.mirrorLayout).toBe("{owner}+{name}/repo");
    expect(args.model).toBe("gpt-4o");
  });

  it("reads every option, and refuses what it does not understand", () => {
    const args = parseBenchArgs([
      "--budgets",
      "50000,8000",
      "--repo",
      "psf/requests",
      "--limit",
      "3",
      "--instance",
      "x",
      "--instance",
      "y",
    ]);
    expect(args).toMatchObject({
      budgets: [8000, 50000],
      repo: "psf/requests",
      limit: 3,
      instances: ["x", "y"],
    });
    expect(() => parseBenchArgs(["--budgets", "13k"])).toThrow(
      /--budgets must be positive integers/,
    );
    expect(() => parseBenchArgs(["--limit", "0"])).toThrow(/--limit/);
    expect(() => parseBenchArgs(["--budget", "1"])).toThrow(/Unknown option/);
  });
});
