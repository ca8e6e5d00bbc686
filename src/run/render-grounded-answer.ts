import { createCitationVerifier } from "../answer/create-citation-verifier.js";
import { groundCitations } from "../answer/ground-citations.js";
import type { RenderedComment } from "../answer/render-answer-comment.js";
import { createSeenRanges } from "../answer/seen-ranges.js";
import { modelCostUsd } from "../shared/model-cost.js";
import type { ModelAnswer } from "./ask-model.js";
import type { GatheredForAnswer } from "./gather-for-answer.js";
import { citedPlaces, historyOfPlaces } from "./history-of-places.js";

/**
 * The last part of a model's answer: every citation grounded against the
 * commit and what the run showed the model (the packed context, the first
 * message, the tool results), then the comment rendered (details, footer
 * with the cost when the model's price is known, secrets redacted, links
 * and images kept to the repository at its commit and the operator's hosts),
 * ending with the history of the cited lines when the question asks why
 * or `/why` asked for it (`historyOfPlaces`): the citations are known only
 * once the answer is written, so this is askcode's reading, not the model's.
 *
 * @example
 * const { body } = await renderGroundedAnswer(gathered, { result, seen: first.seen });
 */
export async function renderGroundedAnswer(
  gathered: GatheredForAnswer,
  answered: ModelAnswer,
): Promise<RenderedComment> {
  const { settings, earlier } = gathered;
  const { result } = answered;
  const seen = createSeenRanges();
  seen.addPackedContext(gathered.built.context);
  for (const range of [...answered.seen, ...result.seen])
    seen.add(range.path, [range.startLine, range.endLine]);
  const grounded = await groundCitations(result.answer, {
    ...gathered.repository,
    verify: createCitationVerifier(gathered.reader, seen),
  });
  const history = await historyOfPlaces(gathered, citedPlaces(grounded.report));
  return gathered.render({
    answer: grounded.markdown,
    repository: gathered.onWeb,
    context: seen.files(),
    model: settings.model,
    tokensUsed: result.tokensUsed,
    ...(settings.modelPrice && {
      costUsd: modelCostUsd(
        result.inputTokens,
        result.outputTokens,
        settings.modelPrice,
      ),
    }),
    cutAtReplyLimit: result.answerCutAtTokens,
    grounding: grounded.report,
    ...(gathered.built.context.coChanged && {
      coChanged: gathered.built.context.coChanged,
    }),
    ...(settings.foldFooter && { foldFooter: true }),
    ...(earlier && { earlier }),
    ...(history && { history }),
    allowedLinkHosts: settings.allowedLinkHosts,
    ownSecrets: gathered.ownSecrets,
    ...gathered.elapsed(),
  });
}
