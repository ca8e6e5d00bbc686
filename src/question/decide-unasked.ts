import type { RepoConfig } from "../config/repo-config-schema.js";
import { joinTitleAndBody } from "./decide-mention.js";
import { refuseAsker } from "./refuse-asker.js";
import {
  ignore,
  type IgnoreDecision,
  type TriggerDecision,
  type TriggerPayload,
} from "./trigger-types.js";

/**
 * A new issue or discussion that does not mention askcode
 * (`decideMention` said "no-mention"): does the repository's `unasked:`
 * choose it, and may its author ask? Chosen are, for an issue, `issues:
 * all` or one of the listed labels among those it was opened with; for a
 * discussion, a category named in `discussions` by name or slug (either
 * without regard to case). The author is held to `allowed_associations`
 * and `outsiders` as a mention would be. What it lets through is a
 * question marked `unasked`, which the confidence gate still decides
 * (`src/run/gate-unasked.ts`); what it turns away keeps `notMentioned`'s
 * reason, so the metric of a repository that never chose `unasked:` reads
 * as it did.
 *
 * @example
 * decideUnasked(payload, config, "issue:444500041:opened", notMentioned)
 * // unasked.issues: all:
 * // { kind: "question", question: "Upload times out\n\n…", source: "issue",
 * //   questionFrom: "issue", unasked: true, … }
 */
export function decideUnasked(
  payload: TriggerPayload,
  config: Pick<RepoConfig, "unasked" | "allowed_associations" | "outsiders">,
  triggerId: string,
  notMentioned: IgnoreDecision,
): TriggerDecision {
  const { issue, discussion } = payload;
  const unchosen = discussion
    ? unchosenCategory(discussion, config.unasked.discussions)
    : unchosenIssue(issue.labels ?? [], config.unasked.issues);
  if (unchosen)
    return ignore(notMentioned.reason, `${notMentioned.detail}, ${unchosen}`);
  const refused = refuseAsker(issue.author_association, config);
  if (refused) return refused;
  const question = joinTitleAndBody(issue.title, issue.body ?? "");
  if (question === "")
    return ignore("not-a-question", "the new issue has no title nor body");
  return {
    kind: "question",
    question,
    source: "issue",
    questionFrom: "issue",
    triggerId,
    askerAssociation: issue.author_association,
    unasked: true,
  };
}

// Why the repository's `unasked.issues` leaves this issue alone; undefined: it chose it.
function unchosenIssue(
  labels: ReadonlyArray<{ name: string } | null>,
  chosen: RepoConfig["unasked"]["issues"],
): string | undefined {
  if (chosen === "all") return undefined;
  if (chosen === "none") return "and unasked.issues is none";
  const wanted = new Set(chosen.map((name) => name.toLowerCase()));
  return labels.some((label) => label && wanted.has(label.name.toLowerCase()))
    ? undefined
    : `and it was opened with none of the labels unasked.issues names (${chosen.join(", ")})`;
}

// Why the repository's `unasked.discussions` leaves this discussion alone.
function unchosenCategory(
  discussion: NonNullable<TriggerPayload["discussion"]>,
  chosen: readonly string[],
): string | undefined {
  const names = [discussion.category, discussion.categorySlug ?? ""]
    .filter(Boolean)
    .map((name) => name.toLowerCase());
  if (chosen.some((name) => names.includes(name.toLowerCase())))
    return undefined;
  return chosen.length === 0
    ? "and unasked.discussions names no category"
    : `and its category ${discussion.category} is not in unasked.discussions (${chosen.join(", ")})`;
}
