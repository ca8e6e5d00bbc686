import type { Clock } from "../../shared/clock.js";
import { GITHUB_PROBE_WAITS_MS } from "../../shared/retry-schedule.js";
import {
  faultOfStatus,
  faultOfThrown,
  type GitHubFault,
} from "./github-fault.js";

export interface GitHubHealthLog {
  warn(meta: object, message: string): void;
  info(meta: object, message: string): void;
}

export interface GitHubHealthOptions {
  log: GitHubHealthLog;
  clock: Pick<Clock, "now" | "timeout">;
  /** Named in a 401's or a 404 installation's warning (`APP_ID`). */
  appId?: number | string;
  /**
   * Failed requests in a row, with no answer between, before `/readyz` names
   * GitHub (default 3): one failed request is a blip, not an outage, and
   * Octokit's own retries of one request make three in about 5 s.
   */
  failuresBeforeNotReady?: number;
  /** The fetch behind (default: the global one, read per request, so nock sees it in tests). */
  fetch?: typeof fetch;
  /**
   * While GitHub is out of reach, the waits between the requests let through
   * to see whether it is back (default `GITHUB_PROBE_WAITS_MS`; the last
   * repeats).
   */
  probeWaitsMs?: readonly number[];
}

/** An outage that ended: from its first failed request to the first answered one (clock ms). */
export interface EndedOutage {
  since: number;
  until: number;
}

/** The fault in progress: what failed first, since when, and how many requests since. */
interface Outage extends GitHubFault {
  since: number;
  failures: number;
}

/** What askcode knows of GitHub from its own requests, for the log, `/readyz` and waiting runs. */
export interface GitHubHealth {
  /**
   * A `fetch` for Octokit (`request.fetch`) that watches every request,
   * retries included, and passes each answer and error on unchanged.
   */
  readonly fetch: typeof fetch;
  /** What fails, for `/readyz` ("github: unreachable since …"); undefined while GitHub answers. */
  problem(): string | undefined;
  /** The last time GitHub was out of reach and came back, if it was. */
  lastOutage(): EndedOutage | undefined;
}

const READINESS_KINDS = new Set<GitHubFault["kind"]>([
  "unreachable",
  "server-error",
  "credentials",
]);

/**
 * Watches askcode's requests to GitHub, all of them (Probot's for comments
 * and tokens, askcode's own for code), at the fetch under Octokit's retries,
 * so the first failed attempt is seen as it happens rather than after
 * minutes of retries. The first failure of an outage logs one warning with
 * its cause (DNS, refused, TLS, 5xx, a 401 naming the app, a 404 naming
 * the installation); a different cause logs again; the first answer after
 * it logs how long it lasted. `/readyz` names GitHub once
 * `failuresBeforeNotReady` requests in a row failed, until one is answered.
 *
 * Once that many requests in a row found GitHub out of reach (no answer at
 * all), a request waits for it instead of failing: failing took every layer
 * of retries (Octokit's for the token inside Octokit's for the read inside
 * the read's own inside the queue's) 8 minutes to surface, and then the
 * question was given up on with a comment nothing could post. One request
 * at a time goes through as a probe, `probeWaitsMs` apart; the first one
 * answered lets every waiting request go, so a question is answered once
 * GitHub is back. A request whose signal aborts (the run's deadline) stops
 * waiting with the signal's reason.
 *
 * The same shape as `reportRedisOutages` (src/storage/redis/report-redis-outages.ts).
 *
 * @example
 * const github = createGitHubHealth({ log: probot.log, clock, appId: 1 });
 * new Octokit({ request: { fetch: github.fetch } });
 * github.problem() // "github: unreachable since 2026-12-06T04:00:00.000Z: connection refused (ECONNREFUSED) at http://127.0.0.1:9 (4 requests failed)"
 */
export function createGitHubHealth(options: GitHubHealthOptions): GitHubHealth {
  const threshold = options.failuresBeforeNotReady ?? 3;
  if (!Number.isInteger(threshold) || threshold < 1)
    throw new TypeError(
      `createGitHubHealth: failuresBeforeNotReady must be a whole number of at least 1, received ${String(threshold)}.`,
    );
  const { log, clock } = options;
  const probeWaits = options.probeWaitsMs ?? GITHUB_PROBE_WAITS_MS;
  let outage: Outage | undefined;
  let ended: EndedOutage | undefined;
  // Resolves at the next answer: what waiting requests race against their probe turn.
  let back: { promise: Promise<void>; wake(): void } | undefined;
  const nextAnswer = (): Promise<void> => {
    if (!back) {
      let wake!: () => void;
      const promise = new Promise<void>((resolve) => (wake = resolve));
      back = { promise, wake };
    }
    return back.promise;
  };
  // While out of reach: whether a probe is under way, when the next may go, how many went.
  let probing = false;
  let nextProbeAt = 0;
  let probes = 0;
  const outOfReach = () =>
    outage?.kind === "unreachable" && outage.failures >= threshold;

  const failed = (fault: GitHubFault, request: string) => {
    if (outage && sameOutage(outage, fault)) {
      outage.failures++;
      // Out of reach from now: the first probe waits its turn.
      if (outOfReach() && outage.failures === threshold) {
        nextProbeAt = clock.now() + probeWaits[0]!;
        probes = 1;
      }
      return;
    }
    if (outage?.kind === "unreachable") endOutage();
    outage = { ...fault, since: clock.now(), failures: 1 };
    probes = 0;
    log.warn(
      { github: { fault: fault.kind, request } },
      `askcode's request to GitHub failed: ${fault.detail}. ${ADVICE[fault.kind]}`,
    );
  };
  const endOutage = () => {
    if (outage?.kind === "unreachable")
      ended = { since: outage.since, until: clock.now() };
  };
  const answered = () => {
    if (outage) {
      const { since, failures, kind } = outage;
      endOutage();
      outage = undefined;
      log.info(
        { github: { fault: kind, downMs: clock.now() - since, failures } },
        `GitHub answers askcode again, after ${failures} failed requests in ${formatSeconds(clock.now() - since)}`,
      );
    }
    back?.wake();
    back = undefined;
  };

  const watched: typeof fetch = async (input, init) => {
    const url =
      typeof input === "string"
        ? input
        : input instanceof URL
          ? input.href
          : input.url;
    const method =
      init?.method ?? (input instanceof Request ? input.method : "GET");
    const signal = init?.signal ?? undefined;
    for (;;) {
      if (signal?.aborted) throw signal.reason;
      if (!outOfReach()) return send(input, init, method, url);
      if (!probing && clock.now() >= nextProbeAt) {
        probing = true;
        try {
          return await send(input, init, method, url);
        } catch (error) {
          // Still out of reach: this request waits on with the others.
          if (!outOfReach()) throw error;
        } finally {
          probing = false;
          nextProbeAt =
            clock.now() +
            probeWaits[Math.min(probes++, probeWaits.length - 1)]!;
        }
        continue;
      }
      await Promise.race([
        nextAnswer(),
        abortOf(clock.timeout(Math.max(0, nextProbeAt - clock.now()))),
        ...(signal ? [abortOf(signal)] : []),
      ]);
    }
  };

  const send = async (
    input: Parameters<typeof fetch>[0],
    init: Parameters<typeof fetch>[1],
    method: string,
    url: string,
  ): Promise<Response> => {
    const request = `${method} ${url}`;
    let response: Response;
    try {
      response = await (options.fetch ?? globalThis.fetch)(input, init);
    } catch (error) {
      const fault = faultOfThrown(error, url);
      if (fault) failed(fault, request);
      throw error;
    }
    const fault = faultOfStatus(response.status, method, url, options);
    if (fault) failed(fault, request);
    else answered();
    return response;
  };

  return {
    fetch: watched,
    problem() {
      if (
        !outage ||
        outage.failures < threshold ||
        !READINESS_KINDS.has(outage.kind)
      )
        return undefined;
      return `github: ${LABEL[outage.kind]} since ${new Date(outage.since).toISOString()}: ${outage.detail} (${outage.failures} requests failed)`;
    },
    lastOutage: () => ended,
  };
}

const ADVICE: Record<GitHubFault["kind"], string> = {
  unreachable:
    "Nothing askcode posts can reach GitHub until it answers; questions wait and are answered once it does.",
  "server-error":
    "GitHub is failing; askcode retries, and the question's comment says when.",
  credentials: "No question can be answered until this is fixed.",
  installation:
    "Questions from that installation are dropped until the app is installed again.",
};

const LABEL: Record<GitHubFault["kind"], string> = {
  unreachable: "unreachable",
  "server-error": "failing (5xx)",
  credentials: "refusing the app's credentials (401)",
  installation: "unknown installation (404)",
};

/**
 * Whether a failure belongs to the outage under way: GitHub failing (5xx)
 * is one outage whichever request met it (a line per path would be a line
 * per file read); a different cause of no answer (DNS, then refused), or
 * another installation unknown, is news.
 */
function sameOutage(outage: GitHubFault, fault: GitHubFault): boolean {
  if (outage.kind !== fault.kind) return false;
  return fault.kind === "server-error" || outage.detail === fault.detail;
}

/** Resolves when `signal` aborts (never rejects: the caller looks at the signal). */
function abortOf(signal: AbortSignal): Promise<void> {
  if (signal.aborted) return Promise.resolve();
  return new Promise((wake) =>
    signal.addEventListener("abort", () => wake(), { once: true }),
  );
}

function formatSeconds(ms: number): string {
  return `${(ms / 1000).toFixed(1)} s`;
}
