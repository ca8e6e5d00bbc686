import { MISSION_TOOL_NAMES } from "../../../src/missions/mission-schema.js";
import { CODE_TOOL_NAMES } from "../../../src/tools/create-code-tools.js";

// Missions are validated at start without loading the tools; this keeps the
// two lists of names from drifting apart.
it("lets missions name exactly the tools askcode has", () => {
  expect([...MISSION_TOOL_NAMES]).toStrictEqual([...CODE_TOOL_NAMES]);
});
