import { RequestError } from "@octokit/request-error";
import { mapRequestError } from "../../../../src/code-host/github/map-request-error.js";
import {
  EmptyRepositoryError,
  GitHubError,
  RateLimitError,
} from "../../../../src/shared/errors.js";

function requestError(
  status: number,
  message: string,
  headers: Record<string, string> = {},
) {
  return new RequestError(message, status, {
    request: {
      method: "GET",
      url: "https://api.github.com/repos/o/r",
      headers: {},
    },
    response: {
      status,
      url: "https://api.github.com/repos/o/r",
      headers,
      data: { message },
    },
  });
}

describe("mapRequestError", () => {
  it("reads the reset time of a spent primary limit", () => {
    const error = mapRequestError(
      requestError(403, "API rate limit exceeded for installation ID 1.", {
        "x-ratelimit-remaining": "0",
        "x-ratelimit-reset": "1700000000",
        "x-github-request-id": "C0DE:1234",
      }),
      "reading a file",
    );
    expect(error).toBeInstanceOf(RateLimitError);
    expect(error).toMatchObject({
      status: 403,
      resetAt: 1_700_000_000_000,
      requestId: "C0DE:1234",
    });
    expect((error as Error).message).toContain(
      "It resets at 2023-11-14T22:13:20.000Z.",
    );
  });

  it("ignores the primary limit's reset on a secondary limit that did not say retry-after", () => {
    const error = mapRequestError(
      requestError(
        403,
        "You have exceeded a secondary rate limit. Please wait a few minutes before you try again.",
        {
          "x-ratelimit-remaining": "4987",
          "x-ratelimit-reset": "1700000000",
        },
      ),
      "searching code",
    );
    expect(error).toBeInstanceOf(RateLimitError);
    expect(error).toMatchObject({ resetAt: undefined });
    expect((error as Error).message).not.toContain("resets at");
  });

  it("turns a 409 on an empty repository into EmptyRepositoryError", () => {
    expect(
      mapRequestError(
        requestError(409, "Git Repository is empty."),
        "listing the tree",
      ),
    ).toBeInstanceOf(EmptyRepositoryError);
  });

  it("says a 5xx outlasted the retries", () => {
    const error = mapRequestError(
      requestError(502, "Server Error"),
      "listing the tree",
    );
    expect(error).toBeInstanceOf(GitHubError);
    expect((error as Error).message).toBe(
      "GitHub failed listing the tree with HTTP 502, and kept failing after askcode's retries.",
    );
  });

  it("passes through what is not a request error", () => {
    const original = new TypeError("boom");
    expect(mapRequestError(original, "anything")).toBe(original);
  });
});
