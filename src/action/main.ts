// The Action's entry, as action.yml runs it: one step, one question; a
// cancelled run leaves the interrupted notice, not its progress comment.
import { createInFlightRuns } from "../conversation/in-flight-runs.js";
import { actionStep } from "./action-step.js";
import { interruptOnCancel } from "./interrupt-on-cancel.js";
import { stepLog } from "./step-log.js";

const inFlight = createInFlightRuns(stepLog);
interruptOnCancel({ inFlight });
await actionStep(process.env, { inFlight });
