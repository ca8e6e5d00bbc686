import { ModelError } from "../shared/errors.js";

/**
 * The model did not answer before the run's deadline: the request in flight
 * was aborted at it, or the retry it needed would have ended past it. The
 * run still has its retrieval answer to give.
 */
export class ModelOutOfTimeError extends ModelError {}
