import { readFileSync } from "node:fs";
import { parse } from "yaml";
import { renderConfigProblems } from "../../../src/config/render-config-problems.js";
import {
  defaultRepoConfig,
  parseRepoConfig,
} from "../../../src/config/parse-repo-config.js";

function fixture(name: string): unknown {
  return parse(
    readFileSync(
      new URL(`../../fixtures/config/${name}`, import.meta.url),
      "utf8",
    ),
  );
}

const DEFAULTS = {
  enabled: true,
  handle: undefined,
  progress: "checklist",
  outsiders: "model",
  footer: "shown",
  allowed_associations: [
    "OWNER",
    "MEMBER",
    "COLLABORATOR",
    "CONTRIBUTOR",
    "FIRST_TIME_CONTRIBUTOR",
    "FIRST_TIMER",
    "NONE",
  ],
  budgets: {
    context: 12000,
    tool_result: 4000,
    run: 300000,
    wall_time_seconds: 180,
  },
  limits: { max_question_chars: 8000, max_thread_comments: 100 },
  max_steps: 8,
  answers: {
    watch: true,
    watch_days: 90,
    link_earlier: true,
    link_similar_issues: true,
  },
  exclude_paths: [],
  missions: { enabled: true },
  unasked: { issues: "none", discussions: [] },
};

describe("parseRepoConfig", () => {
  it.each([undefined, null, {}])(
    "gives the defaults, and no problem, for %p (no file anywhere, or an empty one)",
    (raw) => {
      expect(parseRepoConfig(raw)).toStrictEqual({
        config: DEFAULTS,
        problems: [],
      });
      expect(defaultRepoConfig()).toStrictEqual(DEFAULTS);
    },
  );

  it("reads every key of a valid file, normalising the handle and the model", () => {
    expect(parseRepoConfig(fixture("full.yml"))).toStrictEqual({
      config: {
        enabled: true,
        handle: "codehelper",
        progress: "reaction",
        outsiders: "retrieval",
        footer: "folded",
        allowed_associations: [
          "OWNER",
          "MEMBER",
          "COLLABORATOR",
          "CONTRIBUTOR",
        ],
        model: { name: "llama3.1:70b", context_window: 32768 },
        budgets: {
          context: 8000,
          tool_result: 2000,
          run: 120000,
          wall_time_seconds: 90,
        },
        limits: {
          max_question_chars: 3000,
          max_thread_comments: 40,
          questions_per_user_per_hour: 5,
          questions_per_repository_per_hour: 50,
          tokens_per_day: 200000,
          tokens_per_month: 3000000,
        },
        max_steps: 5,
        answers: {
          watch: false,
          watch_days: 30,
          link_earlier: false,
          link_similar_issues: true,
        },
        exclude_paths: ["docs/", "*.min.js", "/vendor"],
        missions: { enabled: ["bug_triage"] },
        unasked: {
          issues: ["question"],
          discussions: ["Q&A"],
          min_confidence: 0.8,
          silent_label: "needs-triage",
        },
      },
      problems: [],
    });
  });

  it("keeps the valid keys of a partly wrong file and reports each wrong one", () => {
    const { config, problems } = parseRepoConfig(fixture("partly-wrong.yml"));
    expect(config).toStrictEqual({
      ...DEFAULTS,
      handle: "askcode",
      budgets: { ...DEFAULTS.budgets, run: 400000 },
      exclude_paths: ["generated/"],
    });
    expect(problems).toStrictEqual([
      {
        key: "modle",
        message: "is not a setting askcode knows",
        allowed:
          "one of _extends, enabled, handle, progress, footer, trigger, allowed_associations, outsiders, model, budgets, limits, max_steps, answers, exclude_paths, missions, unasked",
        received: "gpt-4o",
        outcome: "ignored",
        suggestion: "model",
      },
      {
        key: "budgets.contxt",
        message: "is not a setting askcode knows",
        allowed:
          "one of budgets.context, budgets.tool_result, budgets.run, budgets.wall_time_seconds",
        received: 5000,
        outcome: "ignored",
        suggestion: "budgets.context",
      },
      {
        key: "budgets.context",
        message: "is a string",
        allowed: "a whole number of tokens from 1000 to 1000000",
        received: "lots",
        outcome: "used-default",
        used: 12000,
      },
      {
        key: "max_steps",
        message: "is more than 50",
        allowed: "a whole number from 1 to 50",
        received: 100,
        outcome: "used-default",
        used: 8,
      },
    ]);
  });

  it.each<[string, unknown, string, string, unknown]>([
    ["enabled", "yes", "is a string", "true or false", true],
    [
      "handle",
      "ask code",
      "does not have an allowed form",
      "a GitHub user or app name such as `askcode` (a leading @ is fine)",
      undefined,
    ],
    [
      "trigger",
      "admins",
      "is not an allowed value",
      "`everyone` or `members`",
      undefined,
    ],
    [
      "allowed_associations",
      ["OWNER", "owner"],
      "item 2 is not an allowed value",
      "a non-empty list of OWNER, MEMBER, COLLABORATOR, CONTRIBUTOR, FIRST_TIME_CONTRIBUTOR, FIRST_TIMER, NONE, MANNEQUIN",
      DEFAULTS.allowed_associations,
    ],
    [
      "allowed_associations",
      [],
      "is an empty list",
      "a non-empty list of OWNER, MEMBER, COLLABORATOR, CONTRIBUTOR, FIRST_TIME_CONTRIBUTOR, FIRST_TIMER, NONE, MANNEQUIN",
      DEFAULTS.allowed_associations,
    ],
    [
      "model",
      4,
      "is a number of a form that is not allowed",
      "a model name, or a map with `name` and an optional `context_window` (tokens)",
      undefined,
    ],
    [
      "model",
      { name: "gpt-4o", context_window: 100 },
      "context_window is less than 1024",
      "a model name, or a map with `name` and an optional `context_window` (tokens)",
      undefined,
    ],
    [
      "budgets",
      5000,
      "is a number",
      "a map with any of `context`, `tool_result`, `run`, `wall_time_seconds`",
      DEFAULTS.budgets,
    ],
    [
      "max_steps",
      2.5,
      "is not a whole number",
      "a whole number from 1 to 50",
      8,
    ],
    ["max_steps", 0, "is less than 1", "a whole number from 1 to 50", 8],
    [
      "exclude_paths",
      "docs/",
      "is a string",
      "a list of up to 200 paths or .gitignore patterns, such as `docs/` or `*.min.js`",
      [],
    ],
    [
      "exclude_paths",
      ["docs/", ""],
      "item 2 is empty",
      "a list of up to 200 paths or .gitignore patterns, such as `docs/` or `*.min.js`",
      [],
    ],
    [
      "missions",
      ["bug_triage"],
      "is a list",
      "a map with `enabled`",
      { enabled: true },
    ],
  ])(
    "reports %s: %j and uses its default",
    (key, value, message, allowed, used) => {
      const { config, problems } = parseRepoConfig({
        [key]: value,
        max_steps: key === "max_steps" ? value : 3,
      });
      expect(problems).toStrictEqual([
        {
          key,
          message,
          allowed,
          received: value,
          outcome: "used-default",
          ...(used === undefined ? {} : { used }),
        },
      ]);
      if (key !== "max_steps") expect(config.max_steps).toBe(3); // the valid key survives
    },
  );

  it.each<[string, unknown, string, string]>([
    [
      "context",
      999,
      "is less than 1000",
      "a whole number of tokens from 1000 to 1000000",
    ],
    [
      "tool_result",
      200_001,
      "is more than 200000",
      "a whole number of tokens from 200 to 200000",
    ],
    [
      "run",
      "64k",
      "is a string",
      "a whole number of tokens from 1000 to 10000000",
    ],
    [
      "wall_time_seconds",
      5,
      "is less than 10",
      "a whole number of seconds from 10 to 1800",
    ],
  ])(
    "reports budgets.%s: %j and keeps the other budgets",
    (key, value, message, allowed) => {
      const { config, problems } = parseRepoConfig({
        budgets: {
          [key]: value,
          wall_time_seconds: key === "wall_time_seconds" ? value : 60,
        },
      });
      expect(problems).toStrictEqual([
        {
          key: `budgets.${key}`,
          message,
          allowed,
          received: value,
          outcome: "used-default",
          used: DEFAULTS.budgets[key as keyof typeof DEFAULTS.budgets],
        },
      ]);
      if (key !== "wall_time_seconds")
        expect(config.budgets.wall_time_seconds).toBe(60);
    },
  );

  it("reports unknown keys that happen to be names on every object", () => {
    expect(
      parseRepoConfig({ toString: 1, constructor: 2 }).problems.map(
        (p) => p.key,
      ),
    ).toStrictEqual(["toString", "constructor"]);
  });

  it("reads `key:` with no value as unset, as YAML writers mean it", () => {
    expect(
      parseRepoConfig(parse("handle:\nmodel:\nmax_steps:\n")),
    ).toStrictEqual({
      config: DEFAULTS,
      problems: [],
    });
  });

  it("reports a file that is not a map and uses every default", () => {
    expect(parseRepoConfig(fixture("not-a-map.yml"))).toStrictEqual({
      config: DEFAULTS,
      problems: [
        {
          key: "",
          message: "is a list, not a map of settings",
          allowed: "a map of settings such as `enabled: true`",
          received: ["enabled", { handle: "askcode" }],
          outcome: "used-default",
        },
      ],
    });
  });

  describe("who may ask", () => {
    it("expands `trigger: members` to owners, members and collaborators", () => {
      const { config, problems } = parseRepoConfig(fixture("members-only.yml"));
      expect(config.allowed_associations).toStrictEqual([
        "OWNER",
        "MEMBER",
        "COLLABORATOR",
      ]);
      expect(problems).toStrictEqual([]);
    });

    it("lets an explicit allowed_associations win over trigger, and says so", () => {
      const { config, problems } = parseRepoConfig({
        trigger: "members",
        allowed_associations: ["OWNER"],
      });
      expect(config.allowed_associations).toStrictEqual(["OWNER"]);
      expect(problems).toStrictEqual([
        {
          key: "trigger",
          message: "is set together with `allowed_associations`, which wins",
          received: "members",
          outcome: "ignored",
        },
      ]);
    });

    it("falls back to trigger when allowed_associations is wrong", () => {
      const { config } = parseRepoConfig({
        trigger: "members",
        allowed_associations: "OWNER",
      });
      expect(config.allowed_associations).toStrictEqual([
        "OWNER",
        "MEMBER",
        "COLLABORATOR",
      ]);
    });

    it("reads `allowed_associations:` with no value as unset, so trigger applies", () => {
      const { config, problems } = parseRepoConfig(
        parse("trigger: members\nallowed_associations:\n"),
      );
      expect(config.allowed_associations).toStrictEqual([
        "OWNER",
        "MEMBER",
        "COLLABORATOR",
      ]);
      expect(problems).toStrictEqual([]);
    });

    it("drops the repeats that merging org defaults into a list can leave", () => {
      const { config } = parseRepoConfig({
        allowed_associations: ["OWNER", "MEMBER", "OWNER"],
      });
      expect(config.allowed_associations).toStrictEqual(["OWNER", "MEMBER"]);
    });
  });

  it("expands `model: name` to { name }", () => {
    expect(
      parseRepoConfig({ model: "gpt-4.1-mini" }).config.model,
    ).toStrictEqual({
      name: "gpt-4.1-mini",
    });
  });

  it("cuts a context or tool_result budget larger than the run's to the run's, and says so", () => {
    const { config, problems } = parseRepoConfig({
      budgets: { context: 90000, run: 64000 },
    });
    expect(config.budgets).toStrictEqual({
      ...DEFAULTS.budgets,
      context: 64000,
      run: 64000,
    });
    expect(problems).toStrictEqual([
      {
        key: "budgets.context",
        message:
          "is more than `budgets.run` (64000), the whole run's budget it is spent from; raise `budgets.run` to allow more",
        allowed: "at most `budgets.run`",
        received: 90000,
        outcome: "adjusted",
        used: 64000,
      },
      // With the whole run in the first message, no tool call fits either.
      expect.objectContaining({ key: "budgets.run", outcome: "kept" }),
    ]);
    expect(
      parseRepoConfig({ budgets: { context: 20000, run: 400000 } }).problems,
    ).toStrictEqual([]);
  });

  it("cuts a run budget above the operator's ceiling to it, reporting only a budget the file set", () => {
    const { config, problems } = parseRepoConfig(
      { budgets: { run: 200000, context: 50000 } },
      { maxRunTokens: 30000 },
    );
    expect(config.budgets).toStrictEqual({
      ...DEFAULTS.budgets,
      run: 30000,
      context: 30000,
    });
    expect(problems).toStrictEqual([
      {
        key: "budgets.run",
        message:
          "is more than this askcode allows one answer to spend (30000 tokens, its operator's `ASKCODE_MAX_RUN_TOKENS`)",
        allowed: "at most 30000",
        received: 200000,
        outcome: "adjusted",
        used: 30000,
      },
      expect.objectContaining({ key: "budgets.context", used: 30000 }),
    ]);
    // No file: the default budget is cut without a word to the asker.
    expect(parseRepoConfig(undefined, { maxRunTokens: 30000 })).toStrictEqual({
      config: { ...DEFAULTS, budgets: { ...DEFAULTS.budgets, run: 30000 } },
      problems: [],
    });
    // Within the ceiling: untouched.
    expect(
      parseRepoConfig({ budgets: { run: 20000 } }, { maxRunTokens: 30000 })
        .config.budgets.run,
    ).toBe(20000);
  });

  describe("a run budget too small for its max_steps", () => {
    it("is reported with the arithmetic and the two fixes, and kept", () => {
      const { config, problems } = parseRepoConfig({ budgets: { run: 64000 } });
      expect(config.budgets.run).toBe(64000);
      expect(config.max_steps).toBe(8);
      expect(problems).toStrictEqual([
        {
          key: "budgets.run",
          message:
            "fits only 2 of the 8 tool calls `max_steps` allows: 8 tool calls with full-size results, then the answer, need 287864 tokens: " +
            "each of the 9 requests resends the conversation, which starts at 14500 (`budgets.context` 12000 + 2500 for the system prompt and tools) " +
            "and grows by 4256 a call (`budgets.tool_result` 4000 + 256 for the call), plus 2000 for the answer",
          allowed:
            "at least 287864 for `max_steps: 8`, or `max_steps` at most 2",
          received: 64000,
          outcome: "kept",
        },
      ]);
    });

    it.each([
      // 9 steps: 10 × 14,500 + 4,256 × 45 + 9 × 256 + 100 + 2,000 = 340,924 > 300,000
      [{ max_steps: 12 }, 12, 8],
      // 7 steps: 8 × 14,500 + 8,256 × 28 + 7 × 256 + 100 + 2,000 = 351,060
      [{ budgets: { tool_result: 8000 } }, 8, 6],
      // 5 steps: 6 × 42,500 + 4,256 × 15 + 5 × 256 + 100 + 2,000 = 322,220
      [{ budgets: { context: 40000 } }, 8, 4],
    ])(
      "is reported when the file raises another side: %j",
      (raw, maxSteps, fits) => {
        const [problem, ...rest] = parseRepoConfig(raw).problems;
        expect(rest).toStrictEqual([]);
        expect(problem).toMatchObject({ key: "budgets.run", received: 300000 });
        expect(problem?.allowed).toMatch(
          new RegExp(
            `max_steps: ${maxSteps}\`, or \`max_steps\` at most ${fits}$`,
          ),
        );
      },
    );

    it("is not reported when the numbers fit, whoever set them", () => {
      expect(
        parseRepoConfig({ max_steps: 3, budgets: { run: 90000 } }).problems,
      ).toStrictEqual([]);
      expect(
        parseRepoConfig({ max_steps: 12, budgets: { run: 600000 } }).problems,
      ).toStrictEqual([]);
      expect(
        parseRepoConfig({ budgets: { wall_time_seconds: 60 } }).problems,
      ).toStrictEqual([]);
    });

    it("is not the file's to fix when only the operator's ceiling makes it short", () => {
      expect(
        parseRepoConfig({ enabled: true }, { maxRunTokens: 64000 }).problems,
      ).toStrictEqual([]);
      // A file that sets max_steps under that ceiling is told.
      expect(
        parseRepoConfig({ max_steps: 8 }, { maxRunTokens: 64000 }).problems,
      ).toStrictEqual([
        expect.objectContaining({ key: "budgets.run", received: 64000 }),
      ]);
    });

    it("reads as one line of the problem comment", () => {
      expect(
        renderConfigProblems(
          parseRepoConfig({ budgets: { run: 64000 } }).problems,
        ),
      ).toContain(
        "- `budgets.run: 64000` fits only 2 of the 8 tool calls `max_steps` allows: 8 tool calls with full-size results, then the answer, need 287864 tokens:",
      );
      expect(
        renderConfigProblems(
          parseRepoConfig({ budgets: { run: 64000 } }).problems,
        ),
      ).toMatch(
        /Allowed: at least 287864 for `max_steps: 8`, or `max_steps` at most 2\. Kept it\.\n/,
      );
    });
  });

  it("reads the limits on a question's length and its thread, and reports a wrong one", () => {
    expect(
      parseRepoConfig({
        limits: { max_question_chars: 2000, max_thread_comments: 0 },
      }).config.limits,
    ).toEqual({ max_question_chars: 2000, max_thread_comments: 0 });
    const { config, problems } = parseRepoConfig({
      limits: { max_question_chars: 10, max_thread_comments: 30 },
    });
    expect(config.limits).toEqual({
      max_question_chars: 8000,
      max_thread_comments: 30,
    });
    expect(problems).toStrictEqual([
      expect.objectContaining({
        key: "limits.max_question_chars",
        received: 10,
        outcome: "used-default",
        used: 8000,
      }),
    ]);
  });

  it("reads how askcode shows its progress, checklist by default, and reports a wrong value", () => {
    expect(parseRepoConfig({}).config.progress).toBe("checklist");
    expect(parseRepoConfig({ progress: "none" }).config.progress).toBe("none");
    const { config, problems } = parseRepoConfig({ progress: "quiet" });
    expect(config.progress).toBe("checklist");
    expect(problems).toStrictEqual([
      expect.objectContaining({
        key: "progress",
        allowed: "`checklist`, `reaction` or `none`",
        received: "quiet",
        outcome: "used-default",
        used: "checklist",
      }),
    ]);
  });

  it("reads where askcode answers unasked, nowhere by default, and reports each wrong value with its key", () => {
    expect(
      parseRepoConfig({ unasked: { issues: "all" } }).config.unasked,
    ).toEqual({ issues: "all", discussions: [] });
    const { config, problems } = parseRepoConfig({
      unasked: {
        issues: "some",
        discussions: "Q&A",
        min_confidence: 1.5,
        silent_label: "",
      },
    });
    expect(config.unasked).toEqual({ issues: "none", discussions: [] });
    expect(
      problems.map(({ key, message, allowed, outcome }) => ({
        key,
        message,
        allowed,
        outcome,
      })),
    ).toStrictEqual([
      {
        key: "unasked.issues",
        message: "is a string of a form that is not allowed",
        allowed: "`none`, `all` or a non-empty list of label names",
        outcome: "used-default",
      },
      {
        key: "unasked.discussions",
        message: "is a string",
        allowed: "a list of category names or slugs",
        outcome: "used-default",
      },
      {
        key: "unasked.min_confidence",
        message: "is more than 1",
        allowed: "a number from 0 to 1",
        outcome: "used-default",
      },
      {
        key: "unasked.silent_label",
        message: "is empty",
        allowed: "a label name of up to 50 characters",
        outcome: "used-default",
      },
    ]);
  });

  it("reports mission names the operator has not installed, with a near match", () => {
    const { config, problems } = parseRepoConfig(
      { missions: { enabled: ["bug_triag", "code_exploration"] } },
      { missionNames: ["bug_triage", "code_exploration"] },
    );
    expect(config.missions.enabled).toStrictEqual(["code_exploration"]);
    expect(problems).toStrictEqual([
      {
        key: "missions.enabled",
        message: "names a mission this askcode does not have",
        allowed: "names of installed missions: bug_triage, code_exploration",
        received: "bug_triag",
        outcome: "adjusted",
        used: ["code_exploration"],
        suggestion: "bug_triage",
      },
    ]);
  });

  it("accepts `_extends` (Probot resolves it before askcode sees the file)", () => {
    expect(
      parseRepoConfig({ _extends: ".github", max_steps: 4 }),
    ).toStrictEqual({
      config: { ...DEFAULTS, max_steps: 4 },
      problems: [],
    });
  });
});
