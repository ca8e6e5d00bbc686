import { describe, expect, it } from "@jest/globals";
import {
  inputVariable,
  readActionEnv,
} from "../../../src/action/read-action-env.js";
import { ConfigError } from "../../../src/shared/errors.js";

const RUNNER = {
  GITHUB_EVENT_NAME: "issue_comment",
  GITHUB_EVENT_PATH: "/home/runner/work/_temp/_github_workflow/event.json",
  GITHUB_REPOSITORY: "octo-org/hello",
  GITHUB_API_URL: "https://ghe.example.com/api/v3",
  GITHUB_RUN_ID: "1658821493",
  GITHUB_RUN_ATTEMPT: "2",
  RUNNER_TEMP: "/home/runner/work/_temp",
};

describe("readActionEnv", () => {
  it("reads the runner's variables and the inputs as the runner names them, an empty input as none", () => {
    const action = readActionEnv({
      ...RUNNER,
      "INPUT_GITHUB-TOKEN": "ghs_abc",
      "INPUT_MODEL-API-KEY": "",
      INPUT_MODEL: "gpt-4o-mini",
      "INPUT_APP-SLUG": "askcode",
    });

    expect(action).toStrictEqual({
      eventName: "issue_comment",
      eventPath: RUNNER.GITHUB_EVENT_PATH,
      repository: "octo-org/hello",
      apiUrl: "https://ghe.example.com/api/v3",
      runId: "1658821493.2",
      runnerTemp: "/home/runner/work/_temp",
      debug: false,
      inputs: {
        githubToken: "ghs_abc",
        model: "gpt-4o-mini",
        handle: "askcode",
        appSlug: "askcode",
      },
    });
  });

  it("names every missing variable and the empty token in one error", () => {
    const read = () => readActionEnv({ "INPUT_GITHUB-TOKEN": " " });

    expect(read).toThrow(ConfigError);
    expect(read).toThrow(
      "askcode cannot run: GITHUB_EVENT_NAME is not set: the runner sets it; run askcode as a step of a workflow; GITHUB_EVENT_PATH is not set: the runner sets it; run askcode as a step of a workflow; the input github-token (INPUT_GITHUB-TOKEN) is empty: leave it out for the workflow's token, or pass an App's token.",
    );
  });

  it("names an input's variable upper-cased with its dashes kept", () => {
    expect(inputVariable("model-base-url")).toBe("INPUT_MODEL-BASE-URL");
  });
});
