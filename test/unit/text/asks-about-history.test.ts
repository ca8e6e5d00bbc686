import { asksAboutHistory } from "../../../src/text/asks-about-history.js";

describe("asksAboutHistory", () => {
  it.each([
    "Why is the upload timeout 30 seconds?",
    "why does upload() retry twice",
    "Any idea WHY we pin lodash to 4.17?",
    "How come the cache is keyed by installation?",
    "When did we drop support for Python 3.8?",
    "When was `strict` mode introduced?",
    "when were these retries added to the client?",
    "Since which version is the flag on by default?",
    "Since when does the CLI read .askcoderc?",
    "Who changed the retry policy?",
    "who wrote this check in the parser",
    "Which commit introduced the regression in the tokenizer?",
    "What pull request removed the legacy endpoint?",
    "In which release did the config format change?",
    "What's the reason for the 200-line cap?",
    "Is there a rationale behind sorting twice?",
    "Can you show the history of src/upload.ts?",
  ])("asks about history: %s", (question) => {
    expect(asksAboutHistory(question)).toBe(true);
  });

  it.each([
    "Where is the upload timeout set?",
    "When the upload fails, where is it retried?",
    "How do I configure the retry count?",
    "What does the `why` command do?",
    "Does `git blame` ```why``` matter here?",
    "Which version of Node does the CLI need?",
    "Who can use /deeper?",
    "List the places that read the config.",
  ])("does not: %s", (question) => {
    expect(asksAboutHistory(question)).toBe(false);
  });
});
