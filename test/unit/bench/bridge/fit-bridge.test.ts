import type { BridgeRow } from "../../../../bench/bridge/bridge-row.js";
import {
  DEFAULT_BRIDGE_FIT,
  fitBridge,
} from "../../../../bench/bridge/fit-bridge.js";
import { renderBridge } from "../../../../bench/bridge/render-bridge.js";

// A row: the words, the terms of the fix's chunks, and the terms of
// the rest of the fixed files.
function row(
  repo: string,
  words: string[],
  gold: string[],
  other: string[] = ["import", "licens"],
  language = "python",
): BridgeRow {
  const counts: Record<string, [number, number]> = {};
  for (const t of gold) counts[t] = [1, 0];
  for (const t of other) counts[t] = [counts[t]?.[0] ?? 0, 1];
  return {
    repo,
    language,
    words: [...words].sort(),
    gold: [...gold].sort(),
    goldChunks: 1,
    backgroundChunks: 1,
    chunkCounts: counts,
  };
}

// Issues saying "hang" whose fixes touch `timeout`, in four repositories;
// "crash" with `panic` in one repository only; the rest is noise every fix shares.
function trainingRows(): BridgeRow[] {
  const rows: BridgeRow[] = [];
  for (const repo of ["a/one", "b/two", "c/three", "d/four"])
    for (let i = 0; i < 3; i++) {
      rows.push(row(repo, ["hang", "upload"], ["timeout", "wait", "self"]));
      rows.push(row(repo, ["wrong", "upload"], ["format", "self"]));
      rows.push(row(repo, ["crash"], repo === "a/one" ? ["panic"] : ["self"]));
      rows.push(row(repo, ["slow"], ["cache", "self", "import"]));
    }
  return rows;
}

describe("fitBridge", () => {
  it("learns the code terms fixes touched for an issue's word, across repositories", () => {
    const { table } = fitBridge(trainingRows());
    expect(table.hang?.map(([term]) => term)).toEqual(["timeout", "wait"]);
    expect(table.hang?.[0]?.[1]).toBe(1);
  });

  it("keeps no pair seen in one repository only, and no term every fix holds", () => {
    const { table } = fitBridge(trainingRows());
    expect(table.crash).toBeUndefined();
    expect(
      Object.values(table)
        .flat()
        .map(([term]) => term),
    ).not.toContain("self");
  });

  it("leaves out terms the rest of the fixed files hold more than the fix does", () => {
    const rows = trainingRows();
    const { table } = fitBridge(rows);
    // `cache` is on the fix's side; `import` is in every file's other chunks.
    expect(table.slow?.map(([term]) => term)).toEqual(["cache"]);
  });

  it("leads no word to a term every fix in its language holds: a language's keyword is no bridge", () => {
    const rows = trainingRows();
    // JavaScript issues talk of buttons; every JavaScript fix holds `const`.
    for (const repo of ["j/one", "j/two", "j/three"])
      for (let i = 0; i < 4; i++)
        rows.push(row(repo, ["button"], ["const", "click"], [], "js"));
    rows.push(row("j/four", ["wrong"], ["const"], [], "js"));
    const { table } = fitBridge(rows);
    expect(table.button).toBeUndefined();
  });

  it("gives the same bytes for the same rows in any order", () => {
    const rows = trainingRows();
    const shuffled = [...rows].reverse();
    shuffled.push(...shuffled.splice(0, 7));
    const command = "npm run fit:bridge -- --write";
    const once = renderBridge(fitBridge(rows, DEFAULT_BRIDGE_FIT), command);
    expect(renderBridge(fitBridge(shuffled), command)).toBe(once);
    expect(once).toContain(`  "hang": [["timeout", 1], ["wait", 1]],`);
  });
});
