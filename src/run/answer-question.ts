import type { RenderedComment } from "../answer/render-answer-comment.js";
import type { AnswerQuestionInput } from "./answer-question-input.js";
import { answerFromRetrieval } from "./answer-from-retrieval.js";
import { askModel } from "./ask-model.js";
import { gatherForAnswer } from "./gather-for-answer.js";
import type { IndexForQuestionDeps } from "./index-for-question.js";
import { renderGroundedAnswer } from "./render-grounded-answer.js";

/**
 * One question, from the code to the comment body:
 *
 * 1. retrieve (`gatherForAnswer`, through `retrieveForQuestion`): collect
 *    and index the files, or take the index an earlier question built for
 *    this commit, and build the ranked, packed context; read the
 *    repository's guidance and the earlier answers on the same places;
 * 2. with no model, render the retrieval-only answer and stop;
 * 3. else run the agent loop over the tools, bound to the reader's commit
 *    (`askModel`: a model that cannot be reached gets the retrieval answer,
 *    saying so);
 * 4. ground every citation against the commit and what the run showed, and
 *    render the comment (`renderGroundedAnswer`: details, footer, secrets
 *    redacted, links and images kept to the repository at its commit and
 *    the operator's hosts).
 *
 * Every file is read with its secrets redacted (`createRedactingReader`), so
 * retrieval, the packed context, tool results and citation checks see the
 * same text, and no credential reaches the model provider.
 *
 * @example
 * const { body } = await answerQuestion({ repository, asked, settings, services });
 */
export async function answerQuestion(
  input: AnswerQuestionInput,
  deps: Partial<IndexForQuestionDeps> = {},
): Promise<RenderedComment> {
  const gathered = await gatherForAnswer(input, deps);
  const { settings, services } = input;
  if (!services.model)
    return answerFromRetrieval(gathered, {
      ...(settings.placesOnly && { placesOnly: true }),
      ...(settings.retrievalNote && { note: settings.retrievalNote }),
    });
  const asked = await askModel(gathered, services.model);
  return "reply" in asked
    ? asked.reply
    : renderGroundedAnswer(gathered, asked.next);
}
