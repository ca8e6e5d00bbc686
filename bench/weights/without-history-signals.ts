import {
  CHUNK_SIGNALS,
  HISTORY_SIGNALS,
} from "../../src/retrieval/rank/chunk-signals.js";
import type { QuestionRows } from "./label-chunks.js";

/**
 * A saved question's rows as labelled without a history: its history
 * signals set to 0, the rest as saved.
 *
 * @example
 * withoutHistorySignals(question) // question.chunks[0].x[CHUNK_SIGNALS.indexOf("fileRecency")] === 0
 */
export function withoutHistorySignals(question: QuestionRows): void {
  for (const row of question.chunks)
    for (const column of HISTORY_COLUMNS) row.x[column] = 0;
}

// Their columns in a row, looked up once.
const HISTORY_COLUMNS = HISTORY_SIGNALS.map((s) => CHUNK_SIGNALS.indexOf(s));
