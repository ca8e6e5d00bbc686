// Words that thank or acknowledge, and nothing else. Every word of the text
// must be one of them: "thanks, how about X?" has a question in it.
const ACKNOWLEDGING = new Set(
  (
    "thanks thank you thx ty tysm cheers much so very a lot lots great nice " +
    "awesome perfect cool ok okay got it that this helps helped helpful works " +
    "worked appreciated appreciate makes sense good job well done again"
  ).split(" "),
);
const THANKING =
  /\b(?:thanks|thank|thx|ty|tysm|cheers|appreciated?|helpful|helped|helps)\b/i;

/**
 * Whether what was said beside a mention only thanks askcode ("thanks
 * @askcode!", "@askcode that helped, cheers 👍"). Answering it would post a
 * second answer to a question already answered, so such a mention asks
 * nothing. Short texts only: anything longer than a line of thanks is read
 * as a question.
 *
 * @example
 * isAcknowledgement("Thanks a lot! 🙏")               // true
 * isAcknowledgement("thanks, but where is it set?")  // false
 */
export function isAcknowledgement(text: string): boolean {
  if (text.length > 80 || !THANKING.test(text)) return false;
  const words = text.toLowerCase().match(/[\p{L}\p{N}']+/gu) ?? [];
  return words.every((word) => ACKNOWLEDGING.has(word));
}
