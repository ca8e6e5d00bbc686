// Wordings that ask for reasons or history, each a word boundary apart:
// "why", a past "when did/was", "who changed", "since which version",
// "which commit/pull request", "the reason/rationale/history". "When" alone
// is left out: "when the upload fails, where is it retried?" asks where.
const HISTORY_WORDING = [
  /\bwhy\b/,
  /\bhow come\b/,
  /\bwhen (?:did|was|were|has|have|had)\b/,
  /\bwhen\b[^.?!]*\b(?:added|introduced|changed|removed|deprecated|renamed|moved|written)\b/,
  /\bwho (?:changed|wrote|added|introduced|removed|made|decided|touched|last)\b/,
  /\bsince (?:when|which|what)\b/,
  /\bin which (?:version|release|commit)\b/,
  /\b(?:which|what) (?:version|release|commit|pr|pull request)\b[^.?!]*\b(?:added|introduced|changed|removed|broke|fixed|made)\b/,
  /\b(?:reason|reasons|rationale|motivation) (?:for|behind|of|why)\b/,
  /\bhistory of\b/,
  /\bgit blame\b/,
];

// Code spans and fences hold names ("the `why` helper"), not the question's words.
const CODE = /```[\s\S]*?(?:```|$)|`[^`\n]*`/g;

/**
 * Whether a question asks why the code is so or how it came to be (a reason,
 * a date, a change, a version), the kind of question a line's history
 * answers: "why is the timeout 30 s?", "when did we drop Python 3.8?",
 * "who changed the retry policy?", "since which version is `strict` on?".
 * English wording only; code spans are not read.
 *
 * @example
 * asksAboutHistory("Why does upload() retry twice?")                   // true
 * asksAboutHistory("When the upload fails, where is it retried?")      // false
 * asksAboutHistory("What does the `why` command do?")                  // false
 */
export function asksAboutHistory(question: string): boolean {
  const prose = question.replace(CODE, " ").toLowerCase().replace(/\s+/g, " ");
  return HISTORY_WORDING.some((wording) => wording.test(prose));
}
