// End to end against a GitHub Enterprise stand-in on loopback, the way an
// operator starts askcode: `npm start` with GHE_HOST/GHE_PROTOCOL, one signed
// issue_comment webhook with a mention, then the answer is checked: every
// permalink names a file of the commit and lines inside it, and every request
// askcode made reached the stand-in (the machine has no other GitHub).
//
//   npm run smoke:ghes [-- --question "…"]
//
// Exits 0 when the answer holds, 1 with the reason otherwise.
import { spawn } from "node:child_process";
import { createHmac, generateKeyPairSync, randomUUID } from "node:crypto";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { startGitHubStandIn } from "./github-stand-in.js";

const { values } = parseArgs({
  options: {
    question: {
      type: "string",
      default: "where is a stale GitHub response revalidated with its ETag?",
    },
    "timeout-seconds": { type: "string", default: "180" },
  },
});
const OWNER = "Codertocat";
const REPO = "Hello-World";
const SECRET = "smoke-test-secret";
const deadline = Date.now() + Number(values["timeout-seconds"]) * 1000;

const freePort = () =>
  new Promise<number>((resolve) => {
    const probe = createServer().listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
const until = async <T>(what: string, check: () => Promise<T | undefined>) => {
  while (Date.now() < deadline) {
    const value = await check().catch(() => undefined);
    if (value !== undefined) return value;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`timed out waiting for ${what}`);
};

const standIn = await startGitHubStandIn({
  gitDir: process.cwd(),
  owner: OWNER,
  repo: REPO,
  issue: { number: 1, title: "A question", body: "" },
});
const work = mkdtempSync(join(tmpdir(), "askcode-smoke-"));
const keyPath = join(work, "app.pem");
writeFileSync(
  keyPath,
  generateKeyPairSync("rsa", {
    modulusLength: 2048,
    privateKeyEncoding: { type: "pkcs1", format: "pem" },
    publicKeyEncoding: { type: "spki", format: "pem" },
  }).privateKey,
);
const port = await freePort();
const started = Date.now();
const app = spawn("npm", ["start"], {
  env: {
    ...process.env,
    APP_ID: "1",
    PRIVATE_KEY_PATH: keyPath,
    WEBHOOK_SECRET: SECRET,
    GHE_HOST: standIn.host,
    GHE_PROTOCOL: "http",
    PORT: String(port),
    HOST: "127.0.0.1",
    LOG_LEVEL: process.env.LOG_LEVEL ?? "warn",
    OPENAI_API_KEY: "",
    OPENAI_BASE_URL: "",
  },
  stdio: ["ignore", "inherit", "inherit"],
  detached: true,
});
const stopApp = () => {
  try {
    process.kill(-app.pid!, "SIGTERM");
  } catch {
    // already gone
  }
};

let failure: string | undefined;
try {
  const appUrl = `http://127.0.0.1:${port}`;
  await until("/healthz", async () =>
    (await fetch(`${appUrl}/healthz`)).ok ? true : undefined,
  );
  const healthyAfter = Date.now() - started;

  const payload = JSON.parse(
    readFileSync(
      new URL(
        "../test/fixtures/webhooks/issue_comment.created.mention.json",
        import.meta.url,
      ),
      "utf8",
    ),
  ) as {
    comment: { body: string };
    repository: { html_url: string; url: string };
  };
  payload.comment.body = `@askcode ${values.question}`;
  payload.repository.html_url = `${standIn.origin}/${OWNER}/${REPO}`;
  payload.repository.url = `${standIn.origin}/api/v3/repos/${OWNER}/${REPO}`;
  const body = JSON.stringify(payload);
  const delivered = await fetch(`${appUrl}/api/github/webhooks`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      "x-github-event": "issue_comment",
      "x-github-delivery": randomUUID(),
      "x-hub-signature-256": `sha256=${createHmac("sha256", SECRET).update(body).digest("hex")}`,
    },
    body,
  });
  if (!delivered.ok)
    throw new Error(`the webhook was answered ${delivered.status}`);
  const askedAt = Date.now();

  const answer = await until("the answer", async () => {
    const comment = standIn.comments[0];
    return comment && comment.history.length > 1 ? comment.body : undefined;
  });
  const answeredAfter = Date.now() - askedAt;
  const links = [
    ...answer.matchAll(
      /(http:\/\/127\.0\.0\.1:\d+)\/([^/\s]+)\/([^/\s]+)\/blob\/([0-9a-f]{40})\/([^#)\s"'>]+)(?:#L(\d+)(?:-L(\d+))?)?/g,
    ),
  ];
  const problems: string[] = [];
  for (const [, host, owner, repo, sha, encoded, start, end] of links) {
    const path = decodeURIComponent(encoded!);
    if (host !== standIn.origin || owner !== OWNER || repo !== REPO)
      problems.push(`link to another place: ${host}/${owner}/${repo}`);
    if (sha !== standIn.sha) problems.push(`link at another commit: ${sha}`);
    if (!standIn.files.has(path)) {
      problems.push(`no such file: ${path}`);
      continue;
    }
    const lines = standIn.readText(path).split("\n").length;
    if (start && Number(end ?? start) > lines)
      problems.push(`${path}#L${start}-L${end} is past its ${lines} lines`);
  }
  if (/github\.com\/[^/\s]+\/[^/\s]+\/blob\//.test(answer))
    problems.push("a permalink points at github.com");
  if (links.length === 0) problems.push("the answer has no permalink");
  if (/could not answer|interrupted/i.test(answer))
    problems.push("the answer is a failure comment");

  console.log(
    [
      `askcode answered against ${standIn.origin} (GHE_HOST=${standIn.host})`,
      `  /healthz after start: ${healthyAfter} ms; answer after the webhook: ${answeredAfter} ms`,
      `  permalinks: ${links.length}, all at ${standIn.sha.slice(0, 12)} and within their files: ${problems.length === 0}`,
      `  reactions: ${standIn.reactions.join(", ") || "none"}`,
      `  requests served by the stand-in: ${standIn.requests.length}`,
      ...[...new Set(standIn.requests)].map(
        (r) => `    ${standIn.requests.filter((x) => x === r).length}× ${r}`,
      ),
    ].join("\n"),
  );
  // What an operator's scrape shows after this one answer: askcode's own
  // series with a value (process metrics and empty histograms buckets left out).
  const metrics = await (await fetch(`${appUrl}/metrics`)).text();
  console.log(
    [
      "  /metrics after the answer (askcode_ series that are not zero):",
      ...metrics
        .split("\n")
        .filter(
          (line) =>
            line.startsWith("askcode_") &&
            !line.includes("_bucket{") &&
            !/ 0$/.test(line),
        )
        .map((line) => `    ${line}`),
    ].join("\n"),
  );
  if (problems.length > 0) failure = problems.join("; ");
  if (process.env.SMOKE_PRINT_ANSWER) console.log(answer);
} catch (error) {
  failure = (error as Error).message;
} finally {
  stopApp();
  await standIn.close();
}
if (failure) {
  console.error(`smoke:ghes failed: ${failure}`);
  process.exit(1);
}
process.exit(0);
