// Acknowledgement under a steady load: askcode started as an operator starts
// it, in a process of its own (`src/server/main.ts`), so the load generator
// and the GitHub stand-in here do not share its event loop, with GitHub
// served on loopback by the stand-in (this checkout as the repository) and no
// model, sent signed
// `issue_comment.created` mentions at a fixed rate by autocannon. Each request
// is a new delivery of a new comment: its own X-GitHub-Delivery, comment id
// and X-Hub-Signature-256.
//
//   npm run bench:load [-- --rate 200 --seconds 10 --connections 20 --issues 50]
//
// With REDIS_URL set in the environment, the app is started with it (and so
// uses its Redis-backed queue); without it, the in-process queue on the
// embedded store (SQLite in the app's temp data directory), as one container runs.
//
// The jobs themselves are held: the stand-in leaves every read of a
// repository's file (the config read each job starts with) unanswered, so the
// figures are the acknowledgement path's, not those of retrieval sharing the
// two cores. `--run-jobs` lets them run during the load
// instead (what one replica that is both web and worker sees).
//
// The first --warmup-seconds (default 1) of deliveries, at the same rate,
// are measured apart: a process just started compiles its webhook path and
// fetches its first token while they arrive, and at 2,000 requests those 20
// to 40 slow ones would be the whole of p99 (a replica answers webhooks for
// hours once started). Both figures are printed.
//
// Reports deliveries per second achieved, acknowledgement p50/p99/max, non-2xx
// responses, the warm-up's p99 and max, the app's event-loop lag p99
// (prom-client's, from `/metrics`: how long a ready callback waited for the
// loop, over the process's life), and that each mention became exactly one
// job (`askcode_questions_queued_total`). Exits 1 unless every delivery got a 2xx
// and every mention exactly one job. The jobs are not drained: the answers'
// pace is bench:burst's measure.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import autocannon from "autocannon";
import { startGitHubStandIn } from "../scripts/github-stand-in.js";
import {
  buildMentionDelivery,
  MENTION_REPOSITORY,
} from "../scripts/mention-delivery.js";
import { standInAppEnv } from "../scripts/stand-in-app-env.js";
import { startAskcodeProcess } from "../scripts/start-askcode-process.js";
import { benchCommand } from "./parse-bench-command.js";

const { values } = benchCommand({
  usage: `usage: npm run bench:load [-- --rate 200 --seconds 10 --warmup-seconds 1 --connections 20 --issues 50 --run-jobs]

Signed mentions at a fixed rate to askcode in its own process; with REDIS_URL
set, its Redis backend. --run-jobs lets the jobs run during the load. The first
--warmup-seconds of deliveries (at the same rate) are reported apart.`,
  options: {
    rate: { type: "string", default: "200" },
    seconds: { type: "string", default: "10" },
    connections: { type: "string", default: "20" },
    issues: { type: "string", default: "50" },
    "run-jobs": { type: "boolean", default: false },
    "warmup-seconds": { type: "string", default: "1" },
  },
});
const RATE = positive("rate");
const SECONDS = positive("seconds");
const CONNECTIONS = positive("connections");
const ISSUES = positive("issues");
const DELIVERIES = RATE * SECONDS;
const WARMUP = RATE * wholeSeconds("warmup-seconds");
const SECRET = "load-bench-secret";

function wholeSeconds(name: "warmup-seconds") {
  const n = Number(values[name]);
  if (!Number.isInteger(n) || n < 0)
    throw new Error(
      `--${name} must be a whole number of seconds, got "${values[name]}".`,
    );
  return n;
}

function positive(name: "rate" | "seconds" | "connections" | "issues") {
  const n = Number(values[name]);
  if (!Number.isInteger(n) || n <= 0)
    throw new Error(
      `--${name} must be a positive integer, got "${values[name]}".`,
    );
  return n;
}

const standIn = await startGitHubStandIn({
  gitDir: process.cwd(),
  ...MENTION_REPOSITORY,
  issue: { number: 1, title: "A question", body: "" },
  ...(values["run-jobs"]
    ? {}
    : { hold: /^GET \/api\/v3\/repos\/[^/]+\/[^/]+\/contents\// }),
});
// The app's working directory is empty, so no developer's .env is read.
const workDir = mkdtempSync(join(tmpdir(), "askcode-load-"));
const { url, env } = await standInAppEnv({
  standIn,
  secret: SECRET,
  dir: workDir,
  logLevel: "error",
});
const redisUrl = process.env.REDIS_URL;
const server = await startAskcodeProcess({
  url,
  env: { ...env, ...(redisUrl ? { REDIS_URL: redisUrl } : {}) },
  cwd: workDir,
});
const webhookPath = "/api/github/webhooks";

// Request n is comment 100000+n on issue (n mod ISSUES)+1. Every delivery is
// built and signed before the load starts, so the generator's own work does
// not land inside the latencies it measures.
const deliveries = Array.from({ length: WARMUP + DELIVERIES }, (_, n) =>
  buildMentionDelivery({
    origin: standIn.origin,
    secret: SECRET,
    question: `where is a redelivered webhook deduplicated? (#${n})`,
    issueNumber: (n % ISSUES) + 1,
    commentId: 100_000 + n,
    deliveryId: `load-${n}`,
  }),
);
let sent = 0;
// One run over the same connections; the warm-up's acknowledgements are the
// first WARMUP to come back (a second run would open its connections at
// once, a burst of its own).
const acknowledgements: number[] = [];
const run = autocannon({
  url: server.url,
  connections: CONNECTIONS,
  overallRate: RATE,
  amount: WARMUP + DELIVERIES,
  requests: [
    {
      method: "POST",
      path: webhookPath,
      setupRequest: (request) => {
        const { headers, body } = deliveries[sent++]!;
        return { ...request, headers, body };
      },
    },
  ],
});
run.on(
  "response",
  (_client: unknown, _status: unknown, _bytes: unknown, ms: number) =>
    void acknowledgements.push(ms),
);
const result = await run;
const warmup = acknowledgements.slice(0, WARMUP);
const measured = acknowledgements.slice(WARMUP);

const loopLag = await metricValue("nodejs_eventloop_lag_p99_seconds");
// Each mention is a distinct comment: exactly one job each, none doubled.
const queued = await counterTotal("askcode_questions_queued_total");
const acknowledged = result["2xx"];
const expected = WARMUP + DELIVERIES;
const answered = result["2xx"] + result.non2xx;

console.table({
  backend: {
    value: redisUrl ? "Redis (REDIS_URL)" : "embedded store (SQLite)",
  },
  jobs: { value: values["run-jobs"] ? "run during the load" : "held" },
  "deliveries answered": { value: answered },
  "target rate (/s)": { value: RATE },
  "achieved rate (/s)": {
    value: (answered / (result.duration || 1)).toFixed(1),
  },
  "acknowledged 2xx": { value: acknowledged },
  "non-2xx": { value: result.non2xx },
  "errors / timeouts": { value: `${result.errors} / ${result.timeouts}` },
  "ack p50 (ms)": { value: percentile(measured, 50) },
  "ack p99 (ms)": { value: percentile(measured, 99) },
  "ack max (ms)": { value: percentile(measured, 100) },
  "warm-up ack p99 / max (ms)": {
    value:
      WARMUP > 0
        ? `${percentile(warmup, 99)} / ${percentile(warmup, 100)}`
        : "none",
  },
  "jobs queued (one per mention)": { value: queued },
  "app event-loop lag p99 (ms)": { value: (loopLag * 1000).toFixed(1) },
});

const ok =
  result.non2xx === 0 &&
  result.errors === 0 &&
  acknowledged === expected &&
  acknowledgements.length === expected &&
  queued === expected;
if (!ok)
  console.error(
    "FAILED: a delivery was not acknowledged, or a mention did not become exactly one job",
  );
// No drain: the jobs left would be cancelled, each with a notice that
// Probot's throttling paces at about one write a second.
await server.stop("SIGKILL");
await standIn.close();
// The key, data and blob cache of this run are of no use to the next one.
rmSync(workDir, { recursive: true, force: true });
process.exit(ok ? 0 : 1);

/** The nearest-rank percentile of `ms`, rounded to a millisecond (100: the largest). */
function percentile(ms: readonly number[], p: number): number {
  if (ms.length === 0) return Number.NaN;
  const sorted = [...ms].sort((a, b) => a - b);
  const rank = Math.max(1, Math.ceil((p / 100) * sorted.length));
  return Math.round(sorted[rank - 1] as number);
}

/** The sum of a counter's series, read from the app's `/metrics`. */
async function counterTotal(name: string): Promise<number> {
  const text = await (await fetch(`${url}/metrics`)).text();
  const lines = text
    .split("\n")
    .filter(
      (line) => line.startsWith(`${name}{`) || line.startsWith(`${name} `),
    );
  if (lines.length === 0 && !text.includes(`# TYPE ${name} `))
    throw new Error(`askcode's /metrics has no ${name}`);
  return lines.reduce((sum, line) => sum + Number(line.split(" ").at(-1)), 0);
}

/** One unlabelled series' value from the app's `/metrics`. */
async function metricValue(name: string): Promise<number> {
  const text = await (await fetch(`${url}/metrics`)).text();
  const line = text.split("\n").find((l) => l.startsWith(`${name} `));
  if (!line) throw new Error(`askcode's /metrics has no ${name}`);
  return Number(line.split(" ").at(-1));
}
