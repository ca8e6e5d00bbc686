import { z } from "zod";
import {
  ASSOCIATIONS,
  budgetField,
  DEFAULT_ASSOCIATIONS,
  handleField,
  modelField,
} from "./config-fields.js";
import { DEFAULT_MAX_STEPS, MAX_STEPS } from "./budget-limits.js";

/** A repository's hourly question limit: optional, the operator's ceiling when unset. */
function questionsPerHour(description: string) {
  return z.number().int().min(1).max(1_000_000).optional().meta({
    description,
    allowed: "a whole number from 1 to 1000000",
  });
}

/** A repository's model-token budget: optional, the operator's ceiling when unset, never above it. */
function tokensPer(description: string) {
  return z.number().int().min(1_000).max(10_000_000_000).optional().meta({
    description,
    allowed: "a whole number of tokens from 1000 to 10000000000",
  });
}

/**
 * The schema of `.github/askcode.yml`, the single source of truth for its
 * keys, their defaults and what each allows (`meta.allowed`, which both the
 * comment that reports a wrong key and the exported JSON Schema show).
 * snake_case keys, as GitHub's own config files use.
 *
 * No `refine` or `transform` here: `z.toJSONSchema` cannot export them, and
 * editors validate against that export. The few rules that need more than
 * one key (`trigger` against `allowed_associations`, budgets against each
 * other) live in `parseRepoConfig`.
 */
export const repoConfigSchema = z
  .strictObject({
    /**
     * Probot's inheritance: `_extends: .github` (or `owner/repo`) starts from
     * that repository's `askcode.yml`. Probot resolves and removes it before
     * askcode sees the file; it is here so editors accept it.
     * https://github.com/probot/octokit-plugin-config
     */
    _extends: z.string().min(1).optional().meta({
      description:
        "Start from another repository's askcode.yml: `.github` or `owner/repo`.",
      allowed: "a repository name such as `.github` or `owner/repo`",
    }),
    /**
     * Whether askcode answers in this repository at all. `false` silences it
     * without uninstalling the app (useful as an organisation-wide default in
     * the org's `.github` repository, switched on per repository).
     */
    enabled: z.boolean().default(true).meta({
      description: "Whether askcode answers in this repository.",
      allowed: "true or false",
    }),
    /**
     * The name people mention to ask (`@askcode …`), compared without regard
     * to case. Unset: the operator's `ASKCODE_HANDLE`, else the app's slug.
     * A leading `@` is accepted and dropped.
     */
    handle: handleField.optional().meta({
      description:
        "The name people mention to ask a question; the app's own name when unset.",
      allowed:
        "a GitHub user or app name such as `askcode` (a leading @ is fine)",
    }),
    /**
     * How askcode shows it is working on a question: `checklist` (the 👀
     * reaction, then a comment that lists its steps as it goes and becomes
     * the answer), `reaction` (the 👀 only; the answer is the first
     * comment) or `none` (nothing until the answer). The quieter modes
     * still reply when a run is cut short: the notice is posted then.
     */
    progress: z
      .enum(["checklist", "reaction", "none"])
      .default("checklist")
      .meta({
        description:
          "How askcode shows it is working: `checklist` (👀, then a progress comment that becomes the answer), `reaction` (👀 only) or `none` (nothing until the answer).",
        allowed: "`checklist`, `reaction` or `none`",
      }),
    /**
     * Where an answer's footer (the model, tokens, time and the commit
     * read) goes: `shown` below the answer, or `folded` into its collapsed
     * "Context used" section, so the answer shows its text and one
     * collapsed line. An answer with no such section keeps it shown.
     */
    footer: z.enum(["shown", "folded"]).default("shown").meta({
      description:
        "Where the answer's footer (model, tokens, time, commit) goes: `shown` below the answer, or `folded` into its collapsed Context used section.",
      allowed: "`shown` or `folded`",
    }),
    /**
     * Shorthand for `allowed_associations`: `members` lets only owners,
     * organisation members and collaborators ask; `everyone` is the default.
     * An explicit `allowed_associations` wins over it.
     */
    trigger: z.enum(["everyone", "members"]).optional().meta({
      description:
        "Who may ask, in short: `members` (owners, members, collaborators) or `everyone`.",
      allowed: "`everyone` or `members`",
    }),
    /**
     * Who may ask, by the `author_association` GitHub gives the comment or
     * issue. The default is everyone who can comment on a public repository;
     * `MANNEQUIN` (imported placeholder accounts) is never in it.
     * https://docs.github.com/en/graphql/reference/enums#commentauthorassociation
     */
    allowed_associations: z
      .array(z.enum(ASSOCIATIONS))
      .min(1)
      .default([...DEFAULT_ASSOCIATIONS])
      .meta({
        description:
          "Who may ask, by GitHub's author_association of the comment or issue.",
        allowed: `a non-empty list of ${ASSOCIATIONS.join(", ")}`,
      }),
    /**
     * What people outside the repository get when they ask (an
     * `author_association` other than OWNER, MEMBER or COLLABORATOR):
     * `model`, the model's answer; `retrieval`, the answer from a search of
     * the code alone (no model: nothing to steer and nothing spent), which a
     * member can turn into the model's with `@askcode /retry`; `none`, no
     * answer at all, as if they were not in `allowed_associations`.
     */
    outsiders: z.enum(["model", "retrieval", "none"]).default("model").meta({
      description:
        "What people without write access get: `model` (the model's answer), `retrieval` (a search of the code alone; a member's `@askcode /retry` gets the model's) or `none`.",
      allowed: "`model`, `retrieval` or `none`",
    }),
    /**
     * The model to ask, by name, with its context window when it differs from
     * the operator's. Unset: the operator's `ASKCODE_MODEL`.
     */
    model: modelField.optional().meta({
      description:
        "The model to ask: a name, or { name, context_window }. The operator's model when unset.",
      allowed:
        "a model name, or a map with `name` and an optional `context_window` (tokens)",
    }),
    /** Token and time budgets of one run. */
    budgets: z
      .strictObject({
        /** Tokens for the packed first message: question, issue thread and retrieved code. */
        context: budgetField("context"),
        /** Tokens for each tool result the model asks for; longer results are cut with a note. */
        tool_result: budgetField("tool_result"),
        /** Tokens the whole run may spend: prompt plus reply of every request (tokensForSteps says how many steps that pays for). */
        run: budgetField("run"),
        /** Seconds a run may take before the model is asked for its best answer. */
        wall_time_seconds: budgetField("wall_time_seconds"),
      })
      .prefault({})
      .meta({
        description: "Token and time budgets of one run.",
        allowed:
          "a map with any of `context`, `tool_result`, `run`, `wall_time_seconds`",
      }),
    /**
     * Bounds on what one question may bring in, and on how many are answered.
     * A longer question gets a short reply saying so instead of an answer; a
     * longer thread is cut to its newest comments, and the model is told how
     * many were left out. Questions per hour stay below the operator's
     * ceilings (`ASKCODE_QUESTIONS_PER_USER_PER_HOUR`,
     * `…_PER_REPOSITORY_PER_HOUR`): a higher value is cut to the ceiling.
     * Unset: the ceiling.
     */
    limits: z
      .strictObject({
        /** Characters a question may have (what a reader sees of it: HTML comments do not count). */
        max_question_chars: z
          .number()
          .int()
          .min(100)
          .max(65_536)
          .default(8_000)
          .meta({
            description:
              "Characters a question may have; a longer one gets a short reply instead of an answer.",
            allowed: "a whole number of characters from 100 to 65536",
          }),
        /** Earlier comments of the issue the model reads, newest first; the rest are left out with a note. */
        max_thread_comments: z
          .number()
          .int()
          .min(0)
          .max(100)
          .default(100)
          .meta({
            description:
              "How many of the issue's newest comments the model reads with the question; earlier ones are left out, with a note.",
            allowed: "a whole number from 0 to 100",
          }),
        /** Questions one person may ask per hour (owners, members and collaborators are not limited). */
        questions_per_user_per_hour: questionsPerHour(
          "Questions one person may ask per hour; owners, members and collaborators are not limited.",
        ),
        /** Questions askcode answers in this repository per hour. */
        questions_per_repository_per_hour: questionsPerHour(
          "Questions askcode answers in this repository per hour.",
        ),
        /** Model tokens this repository may spend per UTC day; then answers come from retrieval alone until the day ends. */
        tokens_per_day: tokensPer(
          "Model tokens this repository may spend per day (UTC); then askcode answers from a search of the code until the day ends.",
        ),
        /** The same per calendar month (UTC). */
        tokens_per_month: tokensPer(
          "Model tokens this repository may spend per calendar month (UTC); then askcode answers from a search of the code until the month ends.",
        ),
      })
      .prefault({})
      .meta({
        description:
          "Bounds on what one question may bring in, and questions answered per hour (at most the operator's ceilings).",
        allowed:
          "a map with any of `max_question_chars`, `max_thread_comments`, `questions_per_user_per_hour`, `questions_per_repository_per_hour`, `tokens_per_day`, `tokens_per_month`",
      }),
    /**
     * How many tool calls a run may make: askcode asks the model for one call
     * per turn, so one step is one model turn that calls a tool (a turn that
     * sends several anyway takes one step per call, so batching buys no extra
     * reads). When they are spent, the model must answer with what it has.
     */
    max_steps: z
      .number()
      .int()
      .min(1)
      .max(MAX_STEPS)
      .default(DEFAULT_MAX_STEPS)
      .meta({
        description:
          "How many tool calls a run may make (one per model turn; a turn with several calls takes one step per call).",
        allowed: "a whole number from 1 to 50",
      }),
    /**
     * Paths askcode never reads, in `.gitignore` syntax (`docs/`, `*.min.js`,
     * `/vendor`). Secret-looking files are never read whatever this says.
     */
    /**
     * What askcode does with its answers once posted. `watch`: when a push
     * to the default branch changes or moves lines an answer cited, within
     * `watch_days` of the answer, the answer gets one note saying so (the
     * app subscribes to `push`). `link_earlier`: a new answer names the
     * earlier answers here that cited the same places ("answered before").
     * `link_similar_issues`: an answer to an issue's opening post names the
     * earlier issues here most like it (GitHub's issue search, re-ranked).
     */
    answers: z
      .strictObject({
        watch: z.boolean().default(true).meta({
          description:
            "Whether an answer gets a note when a push to the default branch changes or moves the lines it cited.",
          allowed: "true or false",
        }),
        watch_days: z.number().int().min(1).max(365).default(90).meta({
          description:
            "For how many days after an answer its cited lines are watched.",
          allowed: "a whole number of days from 1 to 365",
        }),
        link_earlier: z.boolean().default(true).meta({
          description:
            "Whether an answer links the earlier answers in this repository that cited the same places.",
          allowed: "true or false",
        }),
        link_similar_issues: z.boolean().default(true).meta({
          description:
            "Whether an answer to an issue's opening post names the earlier issues in this repository most like it (found with GitHub's issue search).",
          allowed: "true or false",
        }),
      })
      .prefault({})
      .meta({
        description:
          "What happens to answers once posted: a note when the code they cite changes, links to earlier answers on the same code and to earlier issues like a new one.",
        allowed:
          "a map with any of `watch`, `watch_days`, `link_earlier`, `link_similar_issues`",
      }),
    exclude_paths: z
      .array(z.string().min(1).max(256))
      .max(200)
      .default([])
      .meta({
        description:
          "Paths askcode never reads, in .gitignore syntax (docs/, *.min.js, /vendor). They do not count against the snapshot cap either, so excluding a large directory of fixtures or data can let a big repository be read whole.",
        allowed:
          "a list of up to 200 paths or .gitignore patterns, such as `docs/` or `*.min.js`",
      }),
    /** Which label-triggered missions run here. */
    missions: z
      .strictObject({
        /** `true`: every mission the operator installed; `false`: none; or a list of mission names. */
        enabled: z
          .union([z.boolean(), z.array(z.string().min(1))])
          .default(true)
          .meta({
            description:
              "true (every mission), false (none) or a list of mission names.",
            allowed: "true, false or a list of mission names",
          }),
      })
      .prefault({})
      .meta({
        description: "Which label-triggered missions run here.",
        allowed: "a map with `enabled`",
      }),
    /**
     * Where askcode answers without being mentioned: a new issue or a new
     * Discussion nobody asked it in. Off by default (a bot that speaks unasked
     * is noise unless a repository chose it), and even where chosen it answers
     * only when retrieval's own evidence clears `min_confidence`; below it,
     * nothing is posted (the `silent_label`, if set, is added).
     */
    unasked: z
      .strictObject({
        /** `none` (the default), `all`, or the labels of which a new issue must have one when opened. */
        issues: z
          .union([
            z.enum(["none", "all"]),
            z.array(z.string().min(1).max(50)).min(1),
          ])
          .default("none")
          .meta({
            description:
              "Which new issues askcode answers unasked: `none` (the default), `all`, or a list of labels (one of them on the issue when it is opened).",
            allowed: "`none`, `all` or a non-empty list of label names",
          }),
        /** Discussion categories, by name or slug, whose new discussions askcode answers unasked (a Q&A category is the usual choice). */
        discussions: z.array(z.string().min(1).max(100)).default([]).meta({
          description:
            "Discussion categories, by name or slug (`Q&A`, `q-a`), whose new discussions askcode answers unasked; none by default.",
          allowed: "a list of category names or slugs",
        }),
        /** The gate's threshold: 0 answers whatever retrieval finds, 1 almost never. Unset: askcode's calibrated default. */
        min_confidence: z.number().min(0).max(1).optional().meta({
          description:
            "How sure retrieval must be before askcode answers unasked, from 0 (always) to 1 (almost never); askcode's calibrated default when unset.",
          allowed: "a number from 0 to 1",
        }),
        /** A label askcode adds to an issue or discussion it chose not to answer (unset: it adds none). */
        silent_label: z.string().min(1).max(50).optional().meta({
          description:
            "A label askcode adds where it stays silent because retrieval was not sure enough; none when unset.",
          allowed: "a label name of up to 50 characters",
        }),
      })
      .prefault({})
      .meta({
        description:
          "Answering new issues and discussions nobody mentioned askcode in: where, and how sure it must be.",
        allowed:
          "a map with any of `issues`, `discussions`, `min_confidence`, `silent_label`",
      }),
  })
  .meta({
    title: "askcode repository configuration (.github/askcode.yml)",
  });

/** What `.github/askcode.yml` may contain, as written. */
export type RepoConfigInput = z.input<typeof repoConfigSchema>;

/** A model choice, with the shorthand `model: gpt-4o` expanded. */
export interface ModelChoice {
  name: string;
  context_window?: number;
}

/**
 * A repository's settings after `parseRepoConfig`: every key present,
 * `trigger` folded into `allowed_associations`, `handle` lower-cased without
 * its `@`, and `model` expanded to `{ name, context_window? }`.
 */
export type RepoConfig = Omit<
  z.output<typeof repoConfigSchema>,
  "_extends" | "trigger" | "model"
> & { model?: ModelChoice };

export type Budgets = RepoConfig["budgets"];
