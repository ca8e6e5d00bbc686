import { renderConfigProblems } from "../../../src/config/render-config-problems.js";
import { resolveQuestionLimits } from "../../../src/limits/resolve-question-limits.js";

const CEILINGS = { perUser: 20, perRepository: 100 };

describe("resolveQuestionLimits", () => {
  it("uses the operator's ceilings when the repository sets nothing", () => {
    expect(resolveQuestionLimits({}, CEILINGS)).toStrictEqual({
      limits: CEILINGS,
      problems: [],
    });
  });

  it("takes a lower value from the repository", () => {
    expect(
      resolveQuestionLimits({ questions_per_repository_per_hour: 10 }, CEILINGS)
        .limits,
    ).toStrictEqual({ perUser: 20, perRepository: 10 });
  });

  it("cuts a higher value to the ceiling, with a note the answer shows", () => {
    const { limits, problems } = resolveQuestionLimits(
      { questions_per_user_per_hour: 50 },
      CEILINGS,
    );
    expect(limits).toStrictEqual(CEILINGS);
    expect(renderConfigProblems(problems)).toContain(
      "- `limits.questions_per_user_per_hour: 50` is more than this askcode allows (ASKCODE_QUESTIONS_PER_USER_PER_HOUR=20); a repository may only lower it. Allowed: at most 20. Used `20`.",
    );
  });
});
