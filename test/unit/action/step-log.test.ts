import { afterEach, describe, expect, it, jest } from "@jest/globals";
import { stepLog } from "../../../src/action/step-log.js";

// @actions/core writes each annotation to stdout as a workflow command.
function annotations(write: () => void): string[] {
  const lines: string[] = [];
  const spy = jest
    .spyOn(process.stdout, "write")
    .mockImplementation((chunk: string | Uint8Array) => {
      lines.push(String(chunk).trimEnd());
      return true;
    });
  try {
    write();
  } finally {
    spy.mockRestore();
  }
  return lines;
}

afterEach(() => {
  jest.restoreAllMocks();
});

describe("stepLog", () => {
  it("annotates the step with the line and its cause", () => {
    expect(
      annotations(() => {
        stepLog.error(
          { err: new Error("HttpError: Bad credentials") },
          "askcode could not mark an answer as interrupted",
        );
        stepLog.warn({ commentId: 9000 }, "askcode's comment is gone");
      }),
    ).toStrictEqual([
      "::error::askcode could not mark an answer as interrupted: HttpError: Bad credentials",
      "::warning::askcode's comment is gone",
    ]);
  });
});
