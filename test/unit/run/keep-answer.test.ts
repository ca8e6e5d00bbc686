import { treeToKeep } from "../../../src/run/keep-answer.js";
import { createMemoryCodeReader } from "../../helpers/memory-code-reader.js";
import { noWarnings, warningsLog } from "../../helpers/warnings-log.js";

const SHA = "6dcb09b5b57875f334f61aebed695e2e4193db5e";

describe("treeToKeep", () => {
  it("keeps the commit's tree, under the SHA the answer read", async () => {
    const reader = createMemoryCodeReader({ "src/retry.py": "MAX = 5\n" });

    const kept = await treeToKeep(
      reader,
      { sha: SHA, deliveryId: "d-1" },
      { log: noWarnings },
    );

    expect(kept).toStrictEqual({
      sha: SHA,
      tree: (await reader.listTree()).entries,
    });
    expect(kept?.tree.map((e) => e.path)).toContain("src/retry.py");
  });

  it("keeps nothing when the tree cannot be listed, and logs why once", async () => {
    const failure = new Error("GitHub said 502");
    const log = warningsLog();

    const kept = await treeToKeep(
      {
        listTree: async () => {
          throw failure;
        },
      },
      { sha: SHA, deliveryId: "d-1" },
      { log },
    );

    expect(kept).toBeUndefined();
    expect(log.warnings).toStrictEqual([
      [
        { err: failure, deliveryId: "d-1" },
        "askcode could not list the files of the commit its answer read; the answer will not be watched",
      ],
    ]);
  });
});
