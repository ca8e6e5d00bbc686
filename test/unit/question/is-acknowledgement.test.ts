import { isAcknowledgement } from "../../../src/question/is-acknowledgement.js";

describe("isAcknowledgement", () => {
  it.each([
    "thanks!",
    "Thanks a lot! 🙏",
    "thank you so much",
    "that helped, cheers 👍",
    "thx",
    "Much appreciated.",
  ])("reads %j as thanks, not a question", (text) => {
    expect(isAcknowledgement(text)).toBe(true);
  });

  it.each([
    "thanks, but where is the retry limit set?",
    "great, how about uploads?",
    "why?",
    "",
    `thanks ${"so ".repeat(40)}much`, // longer than a line of thanks
  ])("reads %j as more than thanks", (text) => {
    expect(isAcknowledgement(text)).toBe(false);
  });
});
