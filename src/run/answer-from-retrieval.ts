import type { RenderedComment } from "../answer/render-answer-comment.js";
import {
  renderRetrievalAnswer,
  type RetrievalAnswerInput,
} from "../answer/render-retrieval-answer.js";
import { ModelOutOfTimeError } from "../agent/model-out-of-time-error.js";
import type { ModelError } from "../shared/errors.js";
import type { GatheredForAnswer } from "./gather-for-answer.js";
import { historyOfPlaces, MAX_HISTORY_PLACES } from "./history-of-places.js";
import { selectPlaces } from "../retrieval/rank/select-places.js";

const MODEL_UNREACHABLE =
  "askcode could not reach its model, so this answer comes from a search of the code alone; a maintainer can find why in the app's logs.";

/**
 * The answer from retrieval alone (`renderRetrievalAnswer`), from what the
 * answer gathered: with no model, or in place of a model that could not
 * answer, `why` saying which.
 *
 * @example
 * await answerFromRetrieval(gathered, { fallback: { model: "gpt-4.1", why: "returned an empty answer" } });
 */
export async function answerFromRetrieval(
  gathered: GatheredForAnswer,
  why: Pick<RetrievalAnswerInput, "placesOnly" | "note" | "fallback">,
): Promise<RenderedComment> {
  const { settings, earlier } = gathered;
  // The places the answer shows first, as `renderRetrievalAnswer` picks them.
  const history = await historyOfPlaces(
    gathered,
    selectPlaces(gathered.built.ranked, MAX_HISTORY_PLACES).map(
      ({ chunk }) => chunk,
    ),
  );
  return renderRetrievalAnswer({
    retrieved: gathered.built,
    repository: gathered.onWeb,
    guidance: { question: gathered.asked.question, files: gathered.guidance },
    ...(settings.foldFooter && { foldFooter: true }),
    ...(earlier && { earlier }),
    ...(history && { history }),
    ...why,
    allowedLinkHosts: settings.allowedLinkHosts,
    render: gathered.render,
    ...gathered.elapsed(),
  });
}

/**
 * What the retrieval answer says of a model that could not answer: not in
 * the run's time, or not reached at all (the why is in the app's logs).
 *
 * @example
 * modelUnanswered(new ModelOutOfTimeError(…), "gpt-4.1", 180_000).fallback // { model: "gpt-4.1", why: "did not answer within the time budget" }
 */
export function modelUnanswered(
  error: ModelError,
  model: string,
  wallTimeMs: number,
): Pick<RetrievalAnswerInput, "note" | "fallback"> {
  const outOfTime = error instanceof ModelOutOfTimeError;
  return {
    note: outOfTime
      ? `askcode's model did not answer within this repository's time budget (\`wall_time_seconds\`: ${Math.round(wallTimeMs / 1000)}), so this answer comes from a search of the code alone.`
      : MODEL_UNREACHABLE,
    fallback: {
      model,
      why: outOfTime
        ? "did not answer within the time budget"
        : "could not be reached",
    },
  };
}
