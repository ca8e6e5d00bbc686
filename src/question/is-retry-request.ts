// "retry", alone, with any punctuation or spacing around it.
const RETRY = /^[\s\p{P}]*retry[\s\p{P}]*$/iu;

/**
 * Whether what was said beside a mention asks askcode to run the previous
 * question again ("@askcode retry", "@askcode Retry!"), rather than asking
 * something new: the whole question is the word "retry". A sentence that
 * contains the word ("why does retry stop?") is a question about it.
 *
 * @example
 * isRetryRequest("Retry!")                   // true
 * isRetryRequest("retry.")                   // true
 * isRetryRequest("how does retry decide?")   // false
 */
export function isRetryRequest(question: string): boolean {
  return RETRY.test(question);
}
