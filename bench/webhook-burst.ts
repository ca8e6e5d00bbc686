// A burst of mentions through the real app: askcode's own HTTP server
// (startAppServer: Probot's webhook middleware, signature checks, the job
// queue) with Probot's default Octokit (its throttling paces writes as in
// production), GitHub served on loopback by the stand-in (this checkout as
// the repository), no model (answers from retrieval). Every mention is a
// signed delivery POSTed at once; some are delivered again, with the same
// delivery id or the same comment under a new id, as GitHub and users do.
//
//   npm run bench:burst [-- --mentions 100 --issues 20 --redeliveries 20]
//
// Reports acknowledgement latency (time to the HTTP response of each
// delivery), answers per minute (final answers over the time from the first
// delivery to the last answer), lost (accepted mentions without a final
// answer) and doubled (answers beyond one per mention); exits 1 unless
// lost and doubled are 0 and every delivery was acknowledged with a 2xx.
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { Registry } from "prom-client";
import { loadOperatorConfig } from "../src/config/operator-config.js";
import type { JobQueue } from "../src/jobs/job-queue.js";
import { readAppCredentials } from "../src/server/read-app-credentials.js";
import { startAppServer } from "../src/server/start-app-server.js";
import { startGitHubStandIn } from "../scripts/github-stand-in.js";
import {
  buildMentionDelivery,
  MENTION_REPOSITORY,
  type MentionDelivery,
} from "../scripts/mention-delivery.js";
import { standInAppEnv } from "../scripts/stand-in-app-env.js";

const { values } = parseArgs({
  options: {
    mentions: { type: "string", default: "100" },
    issues: { type: "string", default: "20" },
    redeliveries: { type: "string", default: "20" },
  },
});
const MENTIONS = Number(values.mentions);
const ISSUES = Number(values.issues);
const REDELIVERIES = Number(values.redeliveries);
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
});
const { env } = await standInAppEnv({
  standIn,
  secret: SECRET,
  dir: mkdtempSync(join(tmpdir(), "askcode-burst-")),
  logLevel: "error",
});
// PORT 0: the server says where it listens; nothing else needs to know first.
const appEnv = { ...env, PORT: "0", ASKCODE_SHUTDOWN_GRACE_SECONDS: "1" };
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
const webhookUrl = `${server.url}/api/github/webhooks`;

// Mention i is comment 1000+i on issue (i mod ISSUES)+1.
const mentions = Array.from({ length: MENTIONS }, (_, i) => ({
  issueNumber: (i % ISSUES) + 1,
  commentId: 1000 + i,
  delivery: buildMentionDelivery({
    origin: standIn.origin,
    secret: SECRET,
    question: `${QUESTIONS[i % QUESTIONS.length]} (#${i})`,
    issueNumber: (i % ISSUES) + 1,
    commentId: 1000 + i,
    deliveryId: `burst-${i}`,
  }),
}));
// Half redelivered as they were (same delivery id), half as a new delivery of the same comment.
const redeliveries = mentions.slice(0, REDELIVERIES).map((mention, n) =>
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
);

async function deliver(
  delivery: MentionDelivery,
): Promise<{ ms: number; status: number }> {
  const start = performance.now();
  const response = await fetch(webhookUrl, {
    method: "POST",
    headers: delivery.headers,
    body: delivery.body,
  });
  await response.arrayBuffer();
  return { ms: performance.now() - start, status: response.status };
}

const started = performance.now();
const acks = await Promise.all(
  [...mentions.map((m) => m.delivery), ...redeliveries].map(deliver),
);
await queue!.onIdle();
const elapsedMs = performance.now() - started;

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

console.table({
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
  lost: { value: lost },
  doubled: { value: doubled + doubledReactions },
});

await server.shutdown("SIGTERM");
await standIn.close();
const ok =
  lost === 0 && doubled === 0 && doubledReactions === 0 && non2xx === 0;
if (!ok) console.error("FAILED: lost, doubled or unacknowledged deliveries");
process.exit(ok ? 0 : 1);
