import { isMemberAssociation } from "../config/config-fields.js";
import { parseCommand } from "./commands.js";
import type { TriggerDecision, TriggerPayload } from "./trigger-types.js";

/**
 * A question that is `/dismiss` becomes the dismissal of askcode's unasked
 * answer in the thread: no question is answered, and no model or code is
 * read. Whoever asked may if they opened the issue (the answer was given to
 * them unasked) or are one of the repository's people; anyone else is
 * refused in one line (`src/run/dismiss-unasked.ts`). Any other decision
 * passes unchanged.
 *
 * @example
 * decideDismiss({ kind: "question", question: "/dismiss", source: "comment", … }, payload)
 * // comment by the issue's author:
 * // { kind: "dismiss", source: "comment", allowed: true, … }
 */
export function decideDismiss(
  decision: TriggerDecision,
  payload: Pick<TriggerPayload, "sender" | "issue">,
): TriggerDecision {
  if (decision.kind !== "question") return decision;
  const command = parseCommand(decision.question);
  if (command?.kind !== "command" || command.name !== "dismiss")
    return decision;
  const author = payload.issue.user?.login.toLowerCase();
  return {
    kind: "dismiss",
    source: decision.source,
    triggerId: decision.triggerId,
    askerAssociation: decision.askerAssociation,
    allowed:
      isMemberAssociation(decision.askerAssociation) ||
      author === payload.sender.login.toLowerCase(),
  };
}
