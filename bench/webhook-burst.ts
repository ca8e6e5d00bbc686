// A burst of mentions through the real app: askcode's own HTTP server
// (Probot's webhook middleware, signature checks, the job queue) with
// Probot's default Octokit (its throttling paces writes as in production),
// GitHub served on loopback by the stand-in (this checkout as the
// repository, code search limited to 10 a minute per installation as GitHub
// limits it), no model (answers from retrieval). Every mention is a signed
// delivery POSTed at once; some are delivered again, with the same delivery
// id or the same comment under a new id, as GitHub and users do.
//
//   npm run bench:burst [-- --mentions 100 --issues 20 --redeliveries 20
//                           --replicas 1|2 --code-search on|off]
//
// --replicas 1 (default) runs askcode in this process (in-memory queue and
// pacer); --replicas 2 starts a redis-server and two askcode processes
// (src/server/main.ts) sharing it through REDIS_URL, deals the mentions
// between them and sends each redelivery to the replica the first delivery
// did not go to. --code-search on (default) reads the repository through the
// REST API (ASKCODE_SNAPSHOT_MAX_BYTES=0), so every question searches code
// under askcode's pacer and the stand-in's limit; off reads it from one
// tarball and never searches: the reference for what pacing costs.
//
// Reports acknowledgement latency, answers per minute (final answers over
// the time from the first delivery to the last answer), lost (mentions
// without a final answer), doubled (answers beyond one per mention), the
// code searches GitHub served and refused and the most served in any 60 s;
// exits 1 unless every delivery was acknowledged with a 2xx, nothing is lost
// or doubled, no answer is a failure notice and no minute held more than 10
// searches.
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Queue } from "bullmq";
import { Registry } from "prom-client";
import { loadOperatorConfig } from "../src/config/operator-config.js";
import type { JobQueue } from "../src/jobs/job-queue.js";
import { readAppCredentials } from "../src/server/read-app-credentials.js";
import { startAppServer } from "../src/server/start-app-server.js";
import { busiestMinute } from "../scripts/code-search-limit.js";
import { startGitHubStandIn } from "../scripts/github-stand-in.js";
import {
  buildMentionDelivery,
  MENTION_REPOSITORY,
  type MentionDelivery,
} from "../scripts/mention-delivery.js";
import { standInAppEnv } from "../scripts/stand-in-app-env.js";
import { startAskcodeProcess } from "../scripts/start-askcode-process.js";
import {
  startRedisServer,
  type RedisServer,
} from "../scripts/start-redis-server.js";
import { benchCommand } from "./parse-bench-command.js";

const { values } = benchCommand({
  usage: `usage: npm run bench:burst [-- --mentions 100 --issues 20 --redeliveries 20
                            --replicas 1|2 --code-search on|off]

A burst of signed mentions at once through the real app, GitHub on loopback.
--replicas 2 runs two askcode processes on one Redis (needs redis-server on
PATH); --code-search off reads the repository from one tarball.`,
  options: {
    mentions: { type: "string", default: "100" },
    issues: { type: "string", default: "20" },
    redeliveries: { type: "string", default: "20" },
    replicas: { type: "string", default: "1" },
    "code-search": { type: "string", default: "on" },
  },
});
const MENTIONS = Number(values.mentions);
const ISSUES = Number(values.issues);
const REDELIVERIES = Number(values.redeliveries);
const REPLICAS = Number(values.replicas);
if (REPLICAS !== 1 && REPLICAS !== 2)
  throw new Error(`--replicas must be 1 or 2; received ${values.replicas}`);
if (values["code-search"] !== "on" && values["code-search"] !== "off")
  throw new Error(
    `--code-search must be on or off; received ${values["code-search"]}`,
  );
const CODE_SEARCH = values["code-search"] === "on";
// GitHub's code-search limit, per installation per minute.
const GITHUB_SEARCHES_PER_MINUTE = 10;
const SECRET = "burst-bench-secret";
const QUESTIONS = [
  "where is a stale GitHub response revalidated with its ETag?",
  "how does the job queue deduplicate a redelivered webhook?",
  "where are secrets redacted before a comment is posted?",
  "what decides that a comment mentions the app?",
];

const standIn = await startGitHubStandIn({
  gitDir: process.cwd(),
  ...MENTION_REPOSITORY,
  issue: { number: 1, title: "A question", body: "" },
  codeSearchesPerMinute: GITHUB_SEARCHES_PER_MINUTE,
});
const dir = mkdtempSync(join(tmpdir(), "askcode-burst-"));
const benchEnv = {
  ASKCODE_SHUTDOWN_GRACE_SECONDS: "1",
  // One asker and one repository: the hourly question limits (20 per user by
  // default) would answer most of the burst with "ask again at".
  ASKCODE_QUESTIONS_PER_USER_PER_HOUR: "100000",
  ASKCODE_QUESTIONS_PER_REPOSITORY_PER_HOUR: "1000000",
  ...(CODE_SEARCH ? { ASKCODE_SNAPSHOT_MAX_BYTES: "0" } : {}),
};

/** One askcode server the deliveries go to. */
interface Replica {
  url: string;
  /** Resolves once it has no question waiting or running. */
  idle(): Promise<void>;
  stop(): Promise<void>;
}

let redis: RedisServer | undefined;
const replicas: Replica[] =
  REPLICAS === 1 ? [await startInProcess()] : await startProcesses(REPLICAS);

// Mention i is comment 1000+i on issue (i mod ISSUES)+1, sent to replica i mod REPLICAS.
const mentions = Array.from({ length: MENTIONS }, (_, i) => ({
  issueNumber: (i % ISSUES) + 1,
  commentId: 1000 + i,
  replica: i % REPLICAS,
  delivery: buildMentionDelivery({
    origin: standIn.origin,
    secret: SECRET,
    question: `${QUESTIONS[i % QUESTIONS.length]} (#${i})`,
    issueNumber: (i % ISSUES) + 1,
    commentId: 1000 + i,
    deliveryId: `burst-${i}`,
  }),
}));
// Half redelivered as they were (same delivery id), half as a new delivery of
// the same comment; each to the replica the first delivery did not go to.
const redeliveries = mentions.slice(0, REDELIVERIES).map((mention, n) => ({
  replica: (mention.replica + 1) % REPLICAS,
  delivery:
    n % 2 === 0
      ? mention.delivery
      : buildMentionDelivery({
          origin: standIn.origin,
          secret: SECRET,
          question: `${QUESTIONS[n % QUESTIONS.length]} (#${n})`,
          issueNumber: mention.issueNumber,
          commentId: mention.commentId,
          deliveryId: `burst-again-${n}`,
        }),
}));

async function deliver(send: {
  replica: number;
  delivery: MentionDelivery;
}): Promise<{ ms: number; status: number }> {
  const start = performance.now();
  const response = await fetch(
    `${replicas[send.replica]!.url}/api/github/webhooks`,
    {
      method: "POST",
      headers: send.delivery.headers,
      body: send.delivery.body,
    },
  );
  await response.arrayBuffer();
  return { ms: performance.now() - start, status: response.status };
}

const started = performance.now();
const acks = await Promise.all([...mentions, ...redeliveries].map(deliver));
await Promise.all(replicas.map((replica) => replica.idle()));
const elapsedMs = performance.now() - started;
const searchWait = await scrapeSearchWait(replicas.map((r) => r.url));

const isFinal = (body: string) =>
  !body.includes("this comment will be updated with the answer");
const answersOn = (issue: number) =>
  standIn.comments.filter((c) => c.issueNumber === issue && isFinal(c.body));
let lost = 0;
let doubled = 0;
for (let issue = 1; issue <= ISSUES; issue++) {
  const asked = mentions.filter((m) => m.issueNumber === issue).length;
  const answered = answersOn(issue).length;
  lost += Math.max(0, asked - answered);
  doubled += Math.max(0, answered - asked);
}
const eyes = new Map<string, number>();
for (const reaction of standIn.reactions)
  eyes.set(reaction, (eyes.get(reaction) ?? 0) + 1);
const doubledReactions = [...eyes.values()].filter((n) => n > 1).length;
const failed = standIn.comments.filter(
  (c) =>
    isFinal(c.body) && !c.body.includes("Here is what a search of the code"),
).length;
const sorted = acks.map((a) => a.ms).sort((a, b) => a - b);
const percentile = (p: number) =>
  sorted[
    Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)
  ]!;
const non2xx = acks.filter((a) => a.status < 200 || a.status >= 300).length;
const finals = standIn.comments.filter((c) => isFinal(c.body)).length;
const searchesServed = standIn.codeSearches.filter(
  (s) => s.status === 200,
).length;
const searchesRefused = standIn.codeSearches.length - searchesServed;
const mostInAMinute = busiestMinute(standIn.codeSearches);

console.table({
  replicas: { value: REPLICAS },
  "code search (API reads)": { value: CODE_SEARCH ? "on" : "off (snapshot)" },
  deliveries: { value: acks.length },
  "mentions (distinct comments)": { value: MENTIONS },
  issues: { value: ISSUES },
  "redeliveries (same id / same comment)": {
    value: `${Math.ceil(REDELIVERIES / 2)} / ${Math.floor(REDELIVERIES / 2)}`,
  },
  "acknowledged 2xx": { value: acks.length - non2xx },
  "ack p50 (ms)": { value: percentile(50).toFixed(1) },
  "ack p99 (ms)": { value: percentile(99).toFixed(1) },
  "ack max (ms)": { value: sorted.at(-1)!.toFixed(1) },
  "final answers": { value: finals },
  "answers that are failure notices": { value: failed },
  "👀 reactions": { value: standIn.reactions.length },
  "answers per minute": { value: ((finals / elapsedMs) * 60_000).toFixed(1) },
  "burst to last answer (s)": { value: (elapsedMs / 1000).toFixed(1) },
  "code searches served by GitHub": { value: searchesServed },
  "code searches refused (403)": { value: searchesRefused },
  "most code searches in any 60 s": { value: mostInAMinute },
  "searches through askcode's pacer": { value: searchWait.count },
  "pacer wait, total (s)": { value: searchWait.sumSeconds.toFixed(1) },
  lost: { value: lost },
  doubled: { value: doubled + doubledReactions },
});

await Promise.all(replicas.map((replica) => replica.stop()));
await redis?.stop();
await standIn.close();
const failures = [
  non2xx > 0 && `${non2xx} deliveries not acknowledged with a 2xx`,
  lost > 0 && `${lost} mentions lost`,
  doubled + doubledReactions > 0 && `${doubled + doubledReactions} doubled`,
  failed > 0 && `${failed} answers are failure notices`,
  mostInAMinute > GITHUB_SEARCHES_PER_MINUTE &&
    `${mostInAMinute} code searches in one minute (GitHub allows ${GITHUB_SEARCHES_PER_MINUTE})`,
].filter(Boolean);
if (failures.length > 0) console.error(`FAILED: ${failures.join("; ")}`);
process.exit(failures.length > 0 ? 1 : 0);

/** askcode in this process, as the single-replica bench always ran it. */
async function startInProcess(): Promise<Replica> {
  const { env } = await standInAppEnv({
    standIn,
    secret: SECRET,
    dir,
    logLevel: "error",
  });
  // PORT 0: the server says where it listens; nothing else needs to know first.
  const appEnv = { ...env, ...benchEnv, PORT: "0" };
  let queue: JobQueue | undefined;
  const server = await startAppServer({
    operator: loadOperatorConfig(appEnv),
    credentials: readAppCredentials({
      env: appEnv,
      readFile: (path) => readFileSync(path, "utf8"),
    }) as Parameters<typeof startAppServer>[0]["credentials"],
    env: appEnv,
    metrics: new Registry(),
    onQueue: (built) => (queue = built),
  });
  return {
    url: server.url,
    idle: () => queue!.onIdle(),
    stop: () => server.shutdown("SIGTERM"),
  };
}

/**
 * `count` askcode processes (src/server/main.ts under tsx, as `npm start`
 * runs the built one) on one new redis-server. Idle once BullMQ's queue in
 * that Redis holds nothing waiting, delayed or running.
 */
async function startProcesses(count: number): Promise<Replica[]> {
  redis = await startRedisServer();
  const queue = new Queue("questions", {
    connection: { url: redis.url },
    prefix: "askcode",
  });
  const idle = async () => {
    for (;;) {
      const counts = await queue.getJobCounts(
        "waiting",
        "active",
        "delayed",
        "prioritized",
        "waiting-children",
      );
      if (Object.values(counts).every((n) => n === 0)) return;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  };
  const started = await Promise.all(
    Array.from({ length: count }, () => startProcess(redis!.url)),
  );
  return started.map((child, n) => ({
    url: child.url,
    idle,
    stop: async () => {
      if (n === 0) await queue.close();
      await child.stop();
    },
  }));
}

async function startProcess(
  redisUrl: string,
): Promise<{ url: string; stop(): Promise<void> }> {
  const { url, env } = await standInAppEnv({
    standIn,
    secret: SECRET,
    dir,
    logLevel: "error",
  });
  return startAskcodeProcess({
    url,
    env: { ...env, ...benchEnv, REDIS_URL: redisUrl },
    cwd: dir,
  });
}

/** askcode_code_search_wait_seconds, summed over the replicas: how often and how long searches waited. */
async function scrapeSearchWait(
  urls: string[],
): Promise<{ count: number; sumSeconds: number }> {
  let count = 0;
  let sumSeconds = 0;
  for (const url of urls) {
    const text = await (await fetch(`${url}/metrics`)).text();
    const read = (name: string) =>
      Number(text.match(new RegExp(`^${name} (\\S+)$`, "m"))?.[1] ?? 0);
    count += read("askcode_code_search_wait_seconds_count");
    sumSeconds += read("askcode_code_search_wait_seconds_sum");
  }
  return { count, sumSeconds };
}
