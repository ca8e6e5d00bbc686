import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import {
  createNodeMiddleware,
  Probot,
  ProbotOctokit,
  type Logger,
  type Options as ProbotOptions,
} from "probot";
import type { Registry } from "prom-client";
import type { OperatorConfig } from "../config/operator-config.js";
import { createGitHubHealth } from "../code-host/github/github-health.js";
import { createAskcodeApp, type AskcodeOptions } from "../index.js";
import type { JobQueue } from "../jobs/job-queue.js";
import { createInFlightRuns } from "../conversation/in-flight-runs.js";
import { systemClock, type Clock } from "../shared/clock.js";
import { createRequestHandler } from "./create-request-handler.js";
import { createGracefulShutdown } from "./graceful-shutdown.js";
import { probotOctokitWithFetch } from "./probot-octokit-with-fetch.js";
import type { AppCredentials } from "./read-app-credentials.js";
import { startWebhookProxy } from "./start-webhook-proxy.js";

export interface StartAppServerOptions {
  operator: OperatorConfig;
  credentials: Extract<AppCredentials, { kind: "app" }>;
  /** The environment askcode's settings were read from (GHE_HOST, …). */
  env: Readonly<Record<string, string | undefined>>;
  /** Where askcode registers its metrics, served at `GET /metrics`. */
  metrics: Registry;
  clock?: Clock;
  /** Probot's logger, instead of one on stdout (tests read what it writes). */
  log?: Logger;
  /** The largest delivery body taken (bytes; default GitHub's cap, 25 MiB). */
  maxDeliveryBytes?: number;
  /** Probot's Octokit class (tests turn its retries off). */
  Octokit?: ProbotOptions["Octokit"];
  /** Waits in the code host's Octokit, per second of retry-after (tests shrink it). */
  retryAfterBaseValue?: number;
  /** Called with the job queue once built (tests wait on `onIdle`). */
  onQueue?(queue: JobQueue): void;
  /** With REDIS_URL: BullMQ's lock and stalled-check timing (tests shorten them). */
  redisQueueTiming?: AskcodeOptions["redisQueueTiming"];
}

export interface AppServer {
  /** Where the server listens, e.g. `http://127.0.0.1:3000`. */
  readonly url: string;
  readonly log: Logger;
  /**
   * The graceful stop: no new work, running answers finish within the grace
   * period or are marked interrupted, then the server closes. Once only.
   */
  shutdown(signal: string): Promise<void>;
  /** A second signal: end the grace period now. */
  hurry(): void;
}

/**
 * askcode as a GitHub App: Probot (app auth, signature checks, handlers)
 * behind askcode's own `node:http` server, which adds health, readiness and
 * metrics routes and a graceful shutdown that Probot's server lacks.
 */
export async function startAppServer(
  options: StartAppServerOptions,
): Promise<AppServer> {
  const { operator, credentials, env } = options;
  const clock = options.clock ?? systemClock;
  // Every request to GitHub, Probot's and askcode's, is watched: the first
  // failure is logged with its cause at once, and /readyz names GitHub
  // while it fails. Its log is Probot's, read once Probot has built it.
  const github = createGitHubHealth({
    log: {
      warn: (meta, message) => probot.log.warn(meta, message),
      info: (meta, message) => probot.log.info(meta, message),
    },
    clock,
    appId: credentials.appId,
  });
  const probot: Probot = new Probot({
    appId: credentials.appId,
    privateKey: credentials.privateKey,
    secret: credentials.webhookSecret,
    // The API root Probot authenticates against; askcode's own clients take
    // theirs from Probot's installation Octokit, so all follow this one.
    baseUrl: operator.githubApiUrl,
    logLevel: operator.log.level as ProbotOptions["logLevel"],
    logFormat: operator.log.format,
    webhookPath: operator.server.webhookPath,
    ...(options.log ? { log: options.log } : {}),
    Octokit: probotOctokitWithFetch(
      options.Octokit ?? ProbotOctokit,
      github.fetch,
    ),
  });
  await probot.ready();
  const log = probot.log;
  if (credentials.notice) log.info(credentials.notice);
  const inFlight = createInFlightRuns(log, { clock });
  let queue: JobQueue | undefined;
  const webhooks = await createNodeMiddleware(
    createAskcodeApp({
      env,
      clock,
      inFlight,
      github,
      metrics: options.metrics,
      retryAfterBaseValue: options.retryAfterBaseValue,
      redisQueueTiming: options.redisQueueTiming,
      onQueue: (built) => {
        queue = built;
        options.onQueue?.(built);
      },
    }),
    { probot, webhooksPath: operator.server.webhookPath },
  );
  if (!queue) throw new Error("askcode's app did not build its job queue");
  const jobs = queue;

  const graceful = createGracefulShutdown({
    queue,
    inFlight,
    graceMs: operator.shutdownGraceSeconds * 1000,
    clock,
    log,
  });
  const server = createServer(
    createRequestHandler({
      webhooks,
      webhookPath: operator.server.webhookPath,
      webhookSecret: credentials.webhookSecret,
      maxDeliveryBytes: options.maxDeliveryBytes,
      metrics: options.metrics,
      stopping: () => graceful.stopping,
      problem: () => github.problem(),
      log,
    }),
  );
  await listen(server, operator.server.host, operator.server.port);
  const { port, family, address } = server.address() as AddressInfo;
  const url = `http://${family === "IPv6" ? `[${address}]` : address}:${port}`;
  log.info(`askcode is listening on ${url}`);
  const proxy = operator.server.webhookProxyUrl
    ? await startWebhookProxy({
        source: operator.server.webhookProxyUrl,
        target: `http://${connectableHost(address, family)}:${port}${operator.server.webhookPath}`,
        log,
      })
    : undefined;

  let closed: Promise<void> | undefined;
  return {
    url,
    log,
    shutdown(signal) {
      return (closed ??= graceful.shutdown(signal).then(async () => {
        proxy?.close();
        // The worker and the Redis connections (nothing for the in-process queue).
        await jobs.close();
        return close(server);
      }));
    },
    hurry: graceful.hurry,
  };
}

function listen(server: Server, host: string, port: number): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once("error", (error: NodeJS.ErrnoException) => {
      if (error.code === "EADDRINUSE")
        error.message = `Port ${port} on ${host} is already in use: set PORT to a free port.`;
      reject(error);
    });
    server.listen({ host, port }, resolve);
  });
}

/** Closes the listener and every connection still open (the work is settled by now). */
function close(server: Server): Promise<void> {
  return new Promise((resolve, reject) => {
    server.close((error) => (error ? reject(error) : resolve()));
    server.closeAllConnections();
  });
}

/** A wildcard address listens everywhere; the proxy reaches it on loopback. */
function connectableHost(address: string, family: string): string {
  if (address === "0.0.0.0") return "127.0.0.1";
  if (address === "::") return "[::1]";
  return family === "IPv6" ? `[${address}]` : address;
}
