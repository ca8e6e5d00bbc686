// The Action's entry, as action.yml runs it: one step, one question.
import { actionStep } from "./action-step.js";

await actionStep(process.env);
