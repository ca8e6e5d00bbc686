import type { RepoConfig } from "../config/repo-config-schema.js";
import { findMention, tidy } from "./find-mention.js";
import { isAcknowledgement } from "./is-acknowledgement.js";
import { refuseAsker } from "./refuse-asker.js";
import {
  ignore,
  type TriggerDecision,
  type TriggerPayload,
} from "./trigger-types.js";

/**
 * A comment or a new issue that mentions someone (`screenTrigger` checked):
 * is it askcode, is it a question, and may its author ask? The mention is
 * checked first, so a comment that is
 * not for askcode is logged as "no-mention", not as a refused author.
 *
 * The question: the words around the mention. A comment whose mention
 * stands alone (or with "cc", "hey") asks the issue's title and body; a new
 * issue asks its title and body together, whichever holds the mention.
 *
 * @example
 * decideMention("comment", payload, "askcode", config, "comment:492700400")
 * // comment "cc @askcode" on issue "Upload times out":
 * // { kind: "question", question: "Upload times out\n\n…", source: "comment",
 * //   questionFrom: "issue", triggerId: "comment:492700400" }
 */
export function decideMention(
  source: "comment" | "issue",
  payload: TriggerPayload,
  handle: string,
  config: RepoConfig,
  triggerId: string,
): TriggerDecision {
  const { issue, comment } = payload;
  const title = issue.title;
  const body = issue.body ?? "";
  let question: string;
  let questionFrom: "mention" | "issue" = "mention";
  let association: string;
  if (source === "comment" && comment) {
    const found = findMention(comment.body, handle);
    if (!found)
      return ignore("no-mention", `the comment does not mention @${handle}`);
    question = found.question;
    association = comment.author_association;
  } else {
    const inTitle = findMention(title, handle);
    const inBody = findMention(body, handle);
    if (!inTitle && !inBody)
      return ignore("no-mention", `the issue does not mention @${handle}`);
    question = joinTitleAndBody(
      inTitle ? inTitle.question : title,
      inBody ? inBody.question : body,
    );
    association = issue.author_association;
  }
  if (isAcknowledgement(question))
    return ignore("not-a-question", "the mention only thanks askcode");
  const refused = refuseAsker(association, config);
  if (refused) return refused;
  if (question === "" && source === "comment") {
    question = joinTitleAndBody(
      findMention(title, handle)?.question ?? title,
      findMention(body, handle)?.question ?? body,
    );
    questionFrom = "issue";
  }
  if (question === "")
    return ignore("not-a-question", "nothing is asked beside the mention");
  return {
    kind: "question",
    question,
    source,
    questionFrom,
    triggerId,
    askerAssociation: association,
  };
}

/**
 * What an issue asks: its title, which states the question, then its body,
 * which details it; an issue template's HTML comments are dropped by `tidy`.
 *
 * @example
 * joinTitleAndBody("Upload times out", "<!-- describe -->\nOn 2 GB files.") // "Upload times out\n\nOn 2 GB files."
 */
export function joinTitleAndBody(title: string, body: string): string {
  return [tidy(title), tidy(body)].filter(Boolean).join("\n\n");
}
