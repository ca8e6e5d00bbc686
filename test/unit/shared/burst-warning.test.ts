import { createBurstWarning } from "../../../src/shared/burst-warning.js";
import { createFakeClock } from "../../helpers/fake-clock.js";

describe("createBurstWarning", () => {
  it("logs a burst once, again after the quiet period with the count it held back, and at once after a recovery", () => {
    const clock = createFakeClock();
    const lines: Array<{ meta: object; message: string }> = [];
    const warning = createBurstWarning({
      clock,
      quietMs: 60_000,
      log: { warn: (meta, message) => lines.push({ meta, message }) },
    });
    const error = new Error("connect ECONNREFUSED 127.0.0.1:6379");

    warning.failed(error, "Redis is unreachable");
    warning.failed(error, "Redis is unreachable");
    clock.advance(59_999);
    warning.failed(error, "Redis is unreachable");
    clock.advance(1);
    warning.failed(error, "Redis is unreachable");
    warning.recovered();
    warning.failed(error, "Redis is unreachable");

    expect(lines).toStrictEqual([
      { meta: { err: error }, message: "Redis is unreachable" },
      { meta: { err: error, suppressed: 2 }, message: "Redis is unreachable" },
      { meta: { err: error }, message: "Redis is unreachable" },
    ]);
  });
});
