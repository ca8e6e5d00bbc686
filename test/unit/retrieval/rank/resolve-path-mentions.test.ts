import { indexRepository } from "../../../../src/retrieval/index/index-repository.js";
import {
  findPathMentions,
  type PathMention,
} from "../../../../src/retrieval/query/path-mentions.js";
import { resolvePathMentions } from "../../../../src/retrieval/rank/resolve-path-mentions.js";

const paths = [
  "src/_pytest/python.py",
  "src/_pytest/fixtures.py",
  "testing/python/collect.py",
  "astro/io/fits/fitsrec.py",
  "astro/io/fits/column.py",
  "astro/units/__init__.py",
  "astro/units/quantity.py",
  "astro/utils/misc.py",
  ...Array.from({ length: 40 }, (_, i) => `astro/other/mod_${i}.py`),
];
const index = indexRepository(paths.map((path) => ({ path, text: "x = 1\n" })));
const resolve = (mention: Omit<PathMention, "weight">): string[] =>
  resolvePathMentions(index, [{ ...mention, weight: 1 }]).map(
    (r) => `${r.scope}:${index.files[r.fileId]!.path}`,
  );

describe("resolvePathMentions", () => {
  it("matches an installed path to the repository by its longest tail", () => {
    expect(
      resolve({
        path: "/usr/lib/python3.9/site-packages/_pytest/python.py",
        source: "stackFrame",
        line: 3,
      }),
    ).toEqual(["file:src/_pytest/python.py"]);
    expect(
      resolve({
        path: "/home/me/venv/lib/site-packages/astro/io/fits/fitsrec.py",
        source: "stackFrame",
      }),
    ).toEqual(["file:astro/io/fits/fitsrec.py"]);
  });

  it("matches a bare file name, and not a long path of another project", () => {
    expect(resolve({ path: "fitsrec.py", source: "path" })).toEqual([
      "file:astro/io/fits/fitsrec.py",
    ]);
    expect(
      resolve({
        path: "/usr/lib/python3.9/site-packages/numpy/core/python.py",
        source: "stackFrame",
      }),
    ).toEqual([]);
  });

  it("matches modules to their file or package, dropping attribute names", () => {
    expect(resolve({ path: "astro/units/quantity", source: "module" })).toEqual(
      ["file:astro/units/quantity.py"],
    );
    expect(resolve({ path: "astro/units", source: "module" })).toEqual([
      "file:astro/units/__init__.py",
    ]);
    expect(
      resolve({ path: "astro/units/quantity/Quantity", source: "module" }),
    ).toEqual(["file:astro/units/quantity.py"]);
    expect(resolve({ path: "io/fits", source: "module" })).toEqual([
      "package:astro/io/fits/fitsrec.py",
      "package:astro/io/fits/column.py",
    ]);
    expect(resolve({ path: "np/linalg", source: "module" })).toEqual([]);
  });

  it("ignores a package that holds much of the repository", () => {
    expect(resolve({ path: "astro", source: "module" })).toEqual([]);
  });
});

describe("findPathMentions", () => {
  it("does not repeat a frame's file as a plain path", () => {
    const mentions = findPathMentions('File "src/app.py", line 3, in main', [
      { path: "src/app.py", line: 3, functionName: "main", style: "python" },
    ]);
    expect(mentions).toEqual([
      { path: "src/app.py", source: "stackFrame", line: 3, weight: 2.5 },
    ]);
  });
});
