import type { QuestionJob } from "../question/question-job.js";
import { codeSpan } from "./render-footer.js";

/**
 * The sentence an answer given from retrieval alone opens with when whoever
 * asked is outside the repository (`outsiders: retrieval`): why, and how one
 * of its members gets the model's answer. A question is asked again with
 * `/retry`; a mission is not a question a retry finds in the thread, so it
 * runs again when a member applies its label anew (as theirs, with the
 * model: `labellerAssociation`).
 *
 * @example
 * outsiderNote({ kind: "mission", mission: "bug_triage", label: "askcode: triage" }, "askcode")
 * // "This repository answers people outside it from a search of the code alone. One of its
 * //  members can run this with the model by removing the label `askcode: triage` and adding it again."
 */
export function outsiderNote(
  task: QuestionJob["task"],
  handle: string,
): string {
  const how =
    task.kind === "mission"
      ? `can run this with the model by removing the label ${codeSpan(task.label)} and adding it again`
      : `can ask for the model's answer with \`@${handle} /retry\``;
  return `This repository answers people outside it from a search of the code alone. One of its members ${how}.`;
}
