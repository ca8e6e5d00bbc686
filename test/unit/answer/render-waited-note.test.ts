import { renderWaitedNote } from "../../../src/answer/render-waited-note.js";

const at = (time: string) => Date.parse(`2026-12-06T${time}Z`);

describe("renderWaitedNote", () => {
  it("names the outage and counts the wait from when the question came", () => {
    expect(
      renderWaitedNote(
        { since: at("04:01:00"), until: at("04:13:30") },
        "2026-12-06T04:02:00Z",
      ),
    ).toBe(
      "askcode could not reach GitHub from 04:01:00 to 04:13:30 UTC; this answer waited 11m 30s for it.",
    );
  });

  it("counts from the outage's start when the question came before it", () => {
    expect(
      renderWaitedNote(
        { since: at("04:01:00"), until: at("04:01:40") },
        "2026-12-06T04:00:00Z",
      ),
    ).toBe(
      "askcode could not reach GitHub from 04:01:00 to 04:01:40 UTC; this answer waited 40.0s for it.",
    );
  });

  it("says nothing of an outage that ended before the question came, or of none", () => {
    expect(
      renderWaitedNote(
        { since: at("03:00:00"), until: at("03:10:00") },
        "2026-12-06T04:00:00Z",
      ),
    ).toBeUndefined();
    expect(renderWaitedNote(undefined, "2026-12-06T04:00:00Z")).toBeUndefined();
  });
});
