import { fileURLToPath } from "node:url";
import { findMissionForLabel } from "../../../src/missions/find-mission-for-label.js";
import { loadMissions } from "../../../src/missions/load-missions.js";

describe("findMissionForLabel", () => {
  it("finds the mission a label starts, whatever the label's case", async () => {
    const missions = await loadMissions(
      fileURLToPath(new URL("../../../missions/", import.meta.url)),
    );
    expect(findMissionForLabel(missions, "askcode: triage")?.name).toBe(
      "bug_triage",
    );
    expect(findMissionForLabel(missions, "AskCode: Explain ")?.name).toBe(
      "code_exploration",
    );
    expect(findMissionForLabel(missions, "bug")).toBeUndefined();
    expect(findMissionForLabel([], "askcode: triage")).toBeUndefined();
  });
});
