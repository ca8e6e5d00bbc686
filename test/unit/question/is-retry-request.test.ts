import { isRetryRequest } from "../../../src/question/is-retry-request.js";

describe("isRetryRequest", () => {
  it.each(["retry", "Retry!", "RETRY.", "  retry ?", "(retry)"])(
    "reads %j as asking for the previous question again",
    (question) => expect(isRetryRequest(question)).toBe(true),
  );

  it.each([
    "how does retry decide?",
    "retry the upload",
    "please retry",
    "retrying",
    "",
  ])("reads %j as not a retry", (question) =>
    expect(isRetryRequest(question)).toBe(false),
  );
});
