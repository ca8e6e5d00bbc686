import { spawnSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import {
  indexingKey,
  indexingPids,
  isIndexing,
  markIndexing,
} from "../../../src/cli/indexing-marks.js";
import { makeTempDir, removeDir } from "../../helpers/temp-repo.js";

describe("indexing marks", () => {
  let dir: string;
  beforeEach(() => {
    dir = makeTempDir();
  });
  afterEach(() => removeDir(dir));

  it("says a checkout is being indexed from mark to unmark, by this process", () => {
    const key = indexingKey("/home/ada/flask");
    expect(isIndexing(dir, key)).toBe(false);

    const unmark = markIndexing(dir, key);

    expect(isIndexing(dir, key)).toBe(true);
    expect(isIndexing(dir, indexingKey("/home/ada/flask", "v2"))).toBe(false);
    expect(indexingPids(dir)).toEqual([process.pid]);
    unmark();
    expect(isIndexing(dir, key)).toBe(false);
    expect(indexingPids(dir)).toEqual([]);
  });

  it("ignores a mark that a process which has ended left", () => {
    // A pid that was live and is no more: a child that has exited.
    const ended = spawnSync(process.execPath, ["-e", ""]).pid as number;
    const key = indexingKey("/home/ada/flask");
    mkdirSync(join(dir, "indexing"));
    writeFileSync(join(dir, "indexing", key), `${ended}\n`);

    expect(isIndexing(dir, key)).toBe(false);
    expect(indexingPids(dir)).toEqual([]);
  });
});
