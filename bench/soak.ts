// Soak: many questions through one process, and whether its memory stays
// flat. Questions run one after another through runQuestion, as the worker
// runs them, with no model (retrieval answers), against a repository served
// by nock: this checkout at several commits of its history, the default
// branch's head moving to another commit for every question. The response
// cache, snapshot cache, search pacer, token counters, metrics and in-flight
// registry are shared by all questions, as in production. After a warm-up,
// the heap after a full GC and the RSS are sampled every `--every` questions.
//   npm run bench:soak [-- --questions 500 --commits 5 --heap-snapshots DIR]
import { mkdirSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { writeHeapSnapshot } from "node:v8";
import { Octokit } from "@octokit/rest";
import { Registry } from "prom-client";
import { createResponseCache } from "../src/cache/response-cache.js";
import { createInstallationClients } from "../src/compose/create-installation-clients.js";
import { createSearchPacer } from "../src/code-host/github/search-pacer.js";
import { createReadCaches } from "../src/compose/create-read-caches.js";
import { createTokenCounters } from "../src/compose/create-token-counters.js";
import { runGit } from "../src/code-host/local/run-git.js";
import { loadOperatorConfig } from "../src/config/operator-config.js";
import { createAskcodeMetrics } from "../src/metrics/askcode-metrics.js";
import { countQuestionRuns } from "../src/run/count-question-runs.js";
import { createInFlightRuns } from "../src/conversation/in-flight-runs.js";
import { runQuestion } from "../src/run/run-question.js";
import type { RunQuestionDeps } from "../src/run/run-question-deps.js";
import { systemClock, type Clock } from "../src/shared/clock.js";
import { questionJob } from "../test/helpers/question-job.js";
import { nockSoakRepository } from "./nock-soak-repository.js";
import { soakQuestions } from "./soak-questions.js";
import { benchCommand } from "./parse-bench-command.js";

const OWNER = "octo-org";
const REPO = "askcode";
const INSTALLATION = 1;
const TOKEN = "ghs_soakinstallationtoken";
const MB = 1024 * 1024;
// Past resolve-ref.ts's branch-head TTL (60 s): every question asks GitHub
// for the head again and so reads the commit the bench moved it to.
const BETWEEN_QUESTIONS_MS = 61_000;

const { values } = benchCommand({
  usage: `usage: npm run bench:soak [-- --questions 500 --commits 5 --spacing 20 --warmup 10
                           --every 100 --heap-snapshots DIR --json]

Many questions through one process (nock-served repository at --commits
commits of this checkout, --spacing commits apart): heap after GC and RSS every
--every questions. Needs node --expose-gc, as the npm script runs it.`,
  options: {
    questions: { type: "string", default: "500" },
    commits: { type: "string", default: "5" },
    /** First-parent commits between two served commits. */
    spacing: { type: "string", default: "20" },
    warmup: { type: "string", default: "10" },
    every: { type: "string", default: "100" },
    "heap-snapshots": { type: "string" },
    json: { type: "boolean", default: false },
  },
});
const questions = wholeNumber("--questions", values.questions, 1);
const commitCount = wholeNumber("--commits", values.commits, 1);
const spacing = wholeNumber("--spacing", values.spacing, 1);
const warmup = wholeNumber("--warmup", values.warmup, 0);
const every = wholeNumber("--every", values.every, 1);
const gc = (globalThis as { gc?: () => void }).gc;
if (!gc)
  throw new Error(
    "bench/soak.ts measures the heap after a full GC: run it with node --expose-gc (npm run bench:soak does).",
  );

const checkout = fileURLToPath(new URL("..", import.meta.url));
const commits = await pickCommits(checkout, commitCount, spacing);
const server = await nockSoakRepository({ owner: OWNER, repo: REPO, commits });
const texts = await soakQuestions(checkout, "HEAD", warmup + questions);

// The system clock, moved on between questions (see BETWEEN_QUESTIONS_MS);
// waits and timeouts are real.
let skippedMs = 0;
const clock: Clock = { ...systemClock, now: () => Date.now() + skippedMs };

const errors: string[] = [];
const warnings: string[] = [];
const log = {
  info: () => {},
  warn: (meta: object, message: string) => void warnings.push(message),
  error: (meta: object, message: string) =>
    void errors.push(`${message}: ${String((meta as { err?: unknown }).err)}`),
};
const octokitLog = {
  debug: () => {},
  info: () => {},
  warn: log.info,
  error: log.info,
};

// Comments go through a plain Octokit: Probot's throttles an installation's
// writes 1 s apart, which would make the soak mostly wait (two writes a question).

// What the app shares across questions (src/index.ts builds the same).
// The blob cache in a directory of the run's own: the soak starts cold on disk too.
const operator = loadOperatorConfig({
  ASKCODE_BLOB_CACHE_DIR: mkdtempSync(join(tmpdir(), "askcode-soak-blobs-")),
});
const responseCache = createResponseCache({
  ttlMs: operator.cacheTtlMs,
  maxBytes: operator.cacheMaxBytes,
  clock,
});
const { snapshotCache, keptTexts, indexCache, derivedCache, redactions } =
  await createReadCaches(operator, { clock, log });
const metrics = createAskcodeMetrics(new Registry());
const pacer = createSearchPacer({ clock, waits: metrics.github.searchWait });
const inFlight = createInFlightRuns(log, { clock });

const deps: RunQuestionDeps = {
  // The clients src/index.ts builds per run, from the same factory.
  clientsFor: async (job) =>
    createInstallationClients(job, {
      installation: new Octokit({ auth: TOKEN, log: octokitLog }),
      token: TOKEN,
      octokit: { logger: octokitLog },
      shared: {
        responseCache,
        snapshotCache,
        pacer,
        metrics: metrics.github,
        ...(keptTexts ? { texts: keptTexts } : {}),
      },
      limits: operator,
      log: { info: () => {}, warn: (message) => void warnings.push(message) },
    }),
  missions: [],
  operator,
  modelFor: () => undefined,
  // One counter per model for the whole soak, as the app keeps them.
  tokenCounterFor: createTokenCounters(),
  clock,
  log,
  metrics: metrics.run,
  inFlight,
  indexCache,
  ...(derivedCache ? { derivedCache } : {}),
  redactions,
};

const outcomes: Record<string, number> = {};
const ask = countQuestionRuns(metrics.questions, clock, async (job) => {
  const outcome = await runQuestion(job, deps);
  const key =
    outcome.kind === "answered" ? "answered" : `failed: ${outcome.reason}`;
  outcomes[key] = (outcomes[key] ?? 0) + 1;
  return outcome;
});
// Per question: the commit it was asked on (to check the answer cites it).
const askedOn = new Map<number, string>();

async function askQuestion(i: number): Promise<void> {
  const number = i + 1;
  const sha = commits[i % commits.length]!;
  skippedMs += BETWEEN_QUESTIONS_MS;
  server.moveHead(sha);
  askedOn.set(number, sha);
  const askingCommentId = 1_000_000_000 + number;
  const question = texts[i]!;
  server.openIssue({
    number,
    title: question,
    question: `@askcode ${question}`,
    askingCommentId,
  });
  await ask(
    questionJob({
      deliveryId: `soak-${number}`,
      triggerId: `comment:${askingCommentId}`,
      installationId: INSTALLATION,
      owner: OWNER,
      repo: REPO,
      htmlUrl: `https://github.com/${OWNER}/${REPO}`,
      issueNumber: number,
      task: { kind: "question", question },
      reactTo: { kind: "comment", commentId: askingCommentId },
      receivedAt: new Date(clock.now()).toISOString(),
    }),
  );
  server.closeIssue(number);
}

interface Sample {
  questions: number;
  seconds: number;
  heapAfterGcMb: number;
  rssMb: number;
  externalMb: number;
  responseCache: { entries: number; mb: number };
  snapshotCache: { entries: number; mb: number };
  inFlight: number;
}

let heapSnapshots = 0;
function sample(asked: number, started: number): Sample {
  gc!();
  gc!(); // a second pass collects what the first one's finalizers released
  const memory = process.memoryUsage();
  if (values["heap-snapshots"]) {
    mkdirSync(values["heap-snapshots"], { recursive: true });
    writeHeapSnapshot(
      join(
        values["heap-snapshots"],
        `soak-${heapSnapshots++}-${asked}.heapsnapshot`,
      ),
    );
  }
  return {
    questions: asked,
    seconds: (performance.now() - started) / 1000,
    heapAfterGcMb: memory.heapUsed / MB,
    rssMb: memory.rss / MB,
    externalMb: memory.external / MB,
    responseCache: {
      entries: responseCache.size,
      mb: responseCache.calculatedSize / MB,
    },
    snapshotCache: {
      entries: snapshotCache.size,
      mb: snapshotCache.calculatedSize / MB,
    },
    inFlight: inFlight.size,
  };
}

for (let i = 0; i < warmup; i++) await askQuestion(i);
const started = performance.now();
const samples: Sample[] = [sample(0, started)];
for (let n = 1; n <= questions; n++) {
  await askQuestion(warmup + n - 1);
  if (n % every === 0 || n === questions) samples.push(sample(n, started));
}
server.stop();

// Every question: exactly one comment, written once and then edited, whose
// last body is an answer citing the commit the question was asked on.
const problems: string[] = [];
for (const [number, sha] of askedOn) {
  const written = server.writes.get(number);
  if (!written) problems.push(`#${number}: no comment`);
  else if (written.posts !== 1)
    problems.push(`#${number}: ${written.posts} comments posted`);
  else if (written.lastBodyCitesCommit !== sha)
    problems.push(
      `#${number}: the reply cites ${written.lastBodyCitesCommit ?? "no commit"}, asked on ${sha.slice(0, 7)}`,
    );
}
const edits = [...server.writes.values()].map((written) => written.patches);

const first = samples[0]!;
const last = samples[samples.length - 1]!;
const per100 = (from: Sample, to: Sample, field: "heapAfterGcMb" | "rssMb") =>
  ((to[field] - from[field]) / (to.questions - from.questions)) * 100;
const report = {
  repository: `${OWNER}/${REPO}`,
  commits: server.commits,
  questions: { warmup, measured: questions, every },
  samples,
  drift: {
    heapAfterGcMbPer100: per100(first, last, "heapAfterGcMb"),
    rssMbPer100: per100(first, last, "rssMb"),
    // From the second sample on: the first interval may still fill bounded caches.
    heapAfterGcMbPer100AfterFirst:
      samples.length > 2
        ? per100(samples[1]!, last, "heapAfterGcMb")
        : undefined,
  },
  questionsPerSecond: questions / last.seconds,
  outcomes,
  comments: {
    issues: askedOn.size,
    withExactlyOneAnswer: askedOn.size - problems.length,
    editsPerComment: { min: Math.min(...edits), max: Math.max(...edits) },
    problems,
  },
  served: server.served,
  unmatched: server.unmatched,
  errors: errors.slice(0, 5),
  warnings: [...new Set(warnings)].slice(0, 5),
};
console.log(values.json ? JSON.stringify(report, null, 2) : render(report));
if (problems.length > 0 || server.unmatched.length > 0) process.exitCode = 1;

function render(r: typeof report): string {
  const fixed = (n: number, digits = 1) => n.toFixed(digits);
  const rows = [
    [
      "questions",
      "s",
      "heap after GC MB",
      "RSS MB",
      "external MB",
      "response cache",
      "snapshots",
      "in flight",
    ],
    ...r.samples.map((s) => [
      String(s.questions),
      fixed(s.seconds),
      fixed(s.heapAfterGcMb, 2),
      fixed(s.rssMb),
      fixed(s.externalMb),
      `${s.responseCache.entries} (${fixed(s.responseCache.mb, 2)} MB)`,
      `${s.snapshotCache.entries} (${fixed(s.snapshotCache.mb, 1)} MB)`,
      String(s.inFlight),
    ]),
  ];
  const widths = rows[0]!.map((_, i) =>
    Math.max(...rows.map((row) => row[i]!.length)),
  );
  const line = (row: string[]) =>
    row
      .map((cell, i) =>
        i === 0 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!),
      )
      .join("  ");
  const sign = (n: number) => `${n >= 0 ? "+" : ""}${n.toFixed(2)}`;
  return [
    `Soak: ${r.questions.measured} questions (after ${r.questions.warmup} to warm up) through one process, retrieval only, ` +
      `on ${r.repository} served by nock at ${r.commits.length} commits of this checkout ` +
      `(${r.commits.map((c) => `${c.sha.slice(0, 7)}: ${c.files} files, ${fixed(c.bytes / MB, 2)} MB`).join("; ")}), ` +
      "the default branch's head on another commit for every question.",
    "",
    line(rows[0]!),
    ...rows.slice(1).map(line),
    "",
    `Drift per 100 questions: heap after GC ${sign(r.drift.heapAfterGcMbPer100)} MB` +
      (r.drift.heapAfterGcMbPer100AfterFirst === undefined
        ? ""
        : ` (${sign(r.drift.heapAfterGcMbPer100AfterFirst)} MB from question ${r.samples[1]!.questions} on)`) +
      `, RSS ${sign(r.drift.rssMbPer100)} MB.`,
    `Throughput: ${fixed(r.questionsPerSecond, 2)} questions/s, one at a time.`,
    `Outcomes: ${Object.entries(r.outcomes)
      .map(([kind, n]) => `${kind} ${n}`)
      .join(", ")}.`,
    `Comments: ${r.comments.withExactlyOneAnswer} of ${r.comments.issues} issues got exactly one comment whose last body answers from the commit asked on ` +
      `(edits per comment ${r.comments.editsPerComment.min}–${r.comments.editsPerComment.max}).`,
    `Served by nock: ${Object.entries(r.served)
      .map(([endpoint, n]) => `${endpoint} ${n}`)
      .join(", ")}.`,
    ...r.comments.problems.slice(0, 10).map((p) => `Problem: ${p}`),
    ...r.unmatched.slice(0, 10).map((u) => `nock had no answer for: ${u}`),
    ...r.errors.map((e) => `Logged error: ${e}`),
    ...r.warnings.map((w) => `Logged warning: ${w}`),
  ].join("\n");
}

/** `count` commits of the first-parent history, `spacing` apart, oldest first. */
async function pickCommits(
  repository: string,
  count: number,
  apart: number,
): Promise<string[]> {
  const { code, stdout, stderr } = await runGit(repository, [
    "rev-list",
    "--first-parent",
    "HEAD",
  ]);
  if (code !== 0) throw new Error(`git rev-list failed: ${stderr.trim()}`);
  const history = stdout.toString("utf8").trim().split("\n");
  const picked = Array.from({ length: count }, (_, i) => history[i * apart]);
  if (picked.some((sha) => sha === undefined))
    throw new Error(
      `--commits ${count} --spacing ${apart} needs ${(count - 1) * apart + 1} first-parent commits; this checkout has ${history.length}.`,
    );
  return (picked as string[]).reverse();
}

function wholeNumber(flag: string, value: string, min: number): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < min)
    throw new Error(
      `${flag} ${JSON.stringify(value)}: a whole number from ${min} up.`,
    );
  return n;
}
