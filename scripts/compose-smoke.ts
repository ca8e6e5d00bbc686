// The compose smoke (scripts/compose-smoke.sh runs it): deploy/compose.yaml
// as an operator runs it, two askcode replicas on Redis behind nginx, against
// a GitHub Enterprise stand-in on the host's Docker bridge address. Checks:
// both replicas healthy; a signed mention through nginx gets an answer; the
// replica running it killed (`docker kill`) mid-answer while the stand-in
// holds its tarball, and the question is still answered once (one comment,
// edited into the answer, no second post). Prints the image size, the time
// from `up` to both healthy, the kill's outcome and each replica's /metrics.
//
// Exits 0 when all hold, 1 with the reason otherwise.
import { execFileSync } from "node:child_process";
import { generateKeyPairSync } from "node:crypto";
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { isAnswerComment } from "../src/answer/render-footer.js";
import { freeLoopbackPort } from "./free-loopback-port.js";
import { startGitHubStandIn } from "./github-stand-in.js";
import {
  buildMentionDelivery,
  MENTION_REPOSITORY,
} from "./mention-delivery.js";

const ROOT = new URL("..", import.meta.url).pathname;
const COMPOSE = join(ROOT, "deploy/compose.yaml");
const PROJECT = process.env.COMPOSE_PROJECT ?? "askcode-smoke";
const SECRET = "compose-smoke-secret";
const TARBALL = /^GET \/api\/v3\/repos\/[^/]+\/[^/]+\/tarball\//;
const deadline = Date.now() + 600_000;

const docker = (...args: string[]) =>
  execFileSync("docker", args, { encoding: "utf8" }).trim();
const compose = (...args: string[]) =>
  execFileSync("docker", ["compose", "-p", PROJECT, "-f", COMPOSE, ...args], {
    encoding: "utf8",
    env: process.env,
    stdio: ["ignore", "pipe", "inherit"],
  }).trim();
const until = async <T>(
  what: string,
  check: () => T | undefined | Promise<T | undefined>,
) => {
  while (Date.now() < deadline) {
    const value = await Promise.resolve()
      .then(check)
      .catch((error: unknown) => {
        if (error instanceof Error && error.message.startsWith("a replica"))
          throw error;
        return undefined;
      });
    if (value !== undefined) return value;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`timed out waiting for ${what}`);
};
const pem = () =>
  generateKeyPairSync("rsa", {
    modulusLength: 2048,
    privateKeyEncoding: { type: "pkcs1", format: "pem" },
    publicKeyEncoding: { type: "spki", format: "pem" },
  }).privateKey;
/** A replica's own /metrics, read inside its container (the replicas publish no port). */
const metricsOf = (container: string) =>
  docker(
    "exec",
    container,
    "bash",
    "-c",
    "exec 3<>/dev/tcp/127.0.0.1/3000 && printf 'GET /metrics HTTP/1.0\\r\\n\\r\\n' >&3 && cat <&3",
  );
const running = (metrics: string) =>
  Number(/^askcode_questions_running (\d+)/m.exec(metrics)?.[1] ?? 0);

// The host's address on Docker's default bridge (docker0): every container
// reaches it, whichever network compose gives it. Older engines leave the
// gateway out of `network inspect`; it is then the subnet's first address.
const [gatewayGiven, subnet] = docker(
  "network",
  "inspect",
  "bridge",
  "-f",
  "{{range .IPAM.Config}}{{.Gateway}}|{{.Subnet}}{{end}}",
).split("|");
const gateway =
  gatewayGiven ||
  subnet?.replace(/^(\d+\.\d+\.\d+)\.\d+\/\d+$/, "$1.1") ||
  "172.17.0.1";
const work = mkdtempSync(join(tmpdir(), "askcode-compose-smoke-"));
const keyFile = join(work, "askcode.pem");
writeFileSync(keyFile, pem());
chmodSync(keyFile, 0o644); // the image runs as uid 1000
const port = await freeLoopbackPort();
const standIn = await startGitHubStandIn({
  gitDir: ROOT,
  ...MENTION_REPOSITORY,
  issue: { number: 1, title: "A question", body: "" },
  listenHost: gateway,
  hold: TARBALL,
});
// The operator's .env: what the manifest flow writes (PRIVATE_KEY, a key of
// its own, which the mounted file must win over) and an old example's
// empty HOST=, which must not override the image's 0.0.0.0.
const envFile = join(work, ".env");
writeFileSync(
  envFile,
  [
    "APP_ID=1",
    `WEBHOOK_SECRET=${SECRET}`,
    `PRIVATE_KEY="${pem().trimEnd().replace(/\n/g, "\\n")}"`,
    "HOST=",
    `GHE_HOST=${standIn.host}`,
    "GHE_PROTOCOL=http",
    "LOG_LEVEL=info",
    "",
  ].join("\n"),
);
Object.assign(process.env, {
  ASKCODE_ENV_FILE: envFile,
  ASKCODE_KEY_FILE: keyFile,
  ASKCODE_PORT: String(port),
});

let failure: string | undefined;
try {
  const started = Date.now();
  compose("up", "--build", "--detach", "--quiet-pull");
  const containers = ["askcode-1", "askcode-2"].map(
    (service) => `${PROJECT}-${service}-1`,
  );
  await until("both replicas healthy", () => {
    const states = containers.map((c) =>
      docker("inspect", "-f", "{{.State.Health.Status}} {{.RestartCount}}", c),
    );
    // A replica that failed its start is restarted: give up at once.
    if (states.some((state) => !state.endsWith(" 0")))
      throw new Error(
        `a replica restarted before it was healthy: ${states.join(", ")}`,
      );
    return states.every((state) => state.startsWith("healthy "))
      ? true
      : undefined;
  });
  const healthyAfter = Date.now() - started;
  const imageBytes = Number(
    docker("image", "inspect", "-f", "{{.Size}}", "askcode:local"),
  );

  const webhook = `http://127.0.0.1:${port}/api/github/webhooks`;
  await until("nginx", async () =>
    (await fetch(`http://127.0.0.1:${port}/healthz`)).ok ? true : undefined,
  );
  const delivered = await fetch(webhook, {
    method: "POST",
    ...buildMentionDelivery({ origin: standIn.origin, secret: SECRET }),
  });
  if (!delivered.ok)
    throw new Error(`nginx answered the delivery ${delivered.status}`);
  await standIn.held;
  const victim = await until("the replica running the question", () =>
    containers.find((c) => running(metricsOf(c)) > 0),
  );
  const survivor = containers.find((c) => c !== victim)!;
  const killedAt = Date.now();
  docker("kill", victim);
  standIn.release();

  const answer = await until("the answer", () => {
    const comment = standIn.comments[0];
    return comment && isAnswerComment(comment.body) ? comment : undefined;
  });
  const answeredAfterKill = Date.now() - killedAt;
  // A second post would come within seconds of the first answer, if at all.
  await new Promise((resolve) => setTimeout(resolve, 5_000));
  const posts = standIn.requests.filter(
    (r) => r.startsWith("POST") && r.endsWith("/comments"),
  ).length;
  const problems = [
    standIn.comments.length !== 1 && `${standIn.comments.length} comments`,
    posts !== 1 && `${posts} comment posts`,
    !answer.body.includes(`${standIn.origin}/`) &&
      "the answer has no permalink",
  ].filter(Boolean);
  if (problems.length > 0) throw new Error(problems.join("; "));

  const restarted = docker(
    "inspect",
    "-f",
    "{{.State.Status}} (restarts: {{.RestartCount}})",
    victim,
  );
  console.log(
    [
      `compose-smoke: OK (project ${PROJECT}, stand-in at ${standIn.origin})`,
      `  image askcode:local: ${Math.round(imageBytes / 1e6)} MB`,
      `  \`up --build\` to both replicas healthy: ${healthyAfter} ms`,
      `  killed ${victim} mid-answer; ${survivor} answered ${answeredAfterKill} ms after the kill, in the one comment (${answer.history.length} versions, 1 post)`,
      `  ${victim} after the kill: ${restarted}`,
      ...containers.flatMap((c) => {
        let metrics: string;
        try {
          metrics = metricsOf(c);
        } catch {
          return [`  ${c} /metrics: not reachable`];
        }
        return [
          `  ${c} /metrics (askcode_ series that are not zero):`,
          ...metrics
            .split("\n")
            .filter(
              (line) =>
                line.startsWith("askcode_") &&
                !line.includes("_bucket") &&
                !/ 0$/.test(line),
            )
            .map((line) => `    ${line}`),
        ];
      }),
    ].join("\n"),
  );
} catch (error) {
  failure = (error as Error).message;
  for (const service of ["askcode-1", "askcode-2", "webhook"])
    try {
      console.error(`--- ${service} (last 30 lines)`);
      console.error(compose("logs", "--no-color", "--tail", "30", service));
    } catch {
      // gone
    }
} finally {
  if (!process.env.KEEP)
    try {
      compose("down", "--volumes", "--timeout", "5");
    } catch {
      // already down
    }
  await standIn.close();
  rmSync(work, { recursive: true, force: true });
}
if (failure) {
  console.error(`compose-smoke: FAIL: ${failure}`);
  process.exit(1);
}
