import { execFileSync } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Registry } from "prom-client";
import { createReadCaches } from "../../src/compose/create-read-caches.js";
import { createResponseCache } from "../../src/cache/response-cache.js";
import { createInstallationCodeHost } from "../../src/compose/create-installation-code-host.js";
import { createOctokit } from "../../src/code-host/github/create-octokit.js";
import { createSearchPacer } from "../../src/code-host/github/search-pacer.js";
import { createRedactingReader } from "../../src/code-host/redacting-reader.js";
import type { OperatorConfig } from "../../src/config/operator-config.js";
import { createAskcodeMetrics } from "../../src/metrics/askcode-metrics.js";
import { buildContext } from "../../src/retrieval/build-context.js";
import { indexKey } from "../../src/retrieval/index/index-cache.js";
import { candidateQueries } from "../../src/retrieval/candidates/candidate-queries.js";
import {
  indexForQuestion,
  packingFor,
} from "../../src/run/index-for-question.js";
import type { TokenCounter } from "../../src/tokens/token-counter.js";
import { createPathPolicy } from "../../src/tools/path-policy.js";
import type { MirrorStandIn } from "../../scripts/github-mirror-stand-in.js";
import type { RouteTraffic } from "../../scripts/route-server.js";
import { splitFileLines } from "../../src/eval/file-lines.js";
import { goldLines } from "../../src/eval/gold-lines.js";
import type { Instance } from "../../src/eval/instance.js";
import {
  scoreContext,
  type ContextScore,
} from "../../src/eval/score-context.js";
import { shownLines } from "../../src/eval/shown-lines.js";
import type { VirtualClock } from "./virtual-clock.js";

/** What one question cost on the stand-in. */
export interface QuestionCost {
  /** The commit asked about. */
  sha: string;
  mode: "repository" | "candidates";
  /** The index came from an earlier question (nothing read, nothing indexed). */
  reused: boolean;
  files: number;
  /** GitHub requests, per route and in all. */
  requests: Record<string, number>;
  totalRequests: number;
  /** Response bytes the stand-in sent (tarballs compressed, as on the wire). */
  bytes: number;
  /** The stand-in's time serving the tarball, blobs and contents: the download, which on GitHub is the network's. */
  downloadMs: number;
  /** From the question to its packed context at the smallest budget, download included. */
  contextMs: number;
  /** Seconds the code-search limit made askcode wait, on the virtual clock. */
  searchWaitSeconds: number;
}

export interface GithubBudgetRun {
  budget: number;
  score: ContextScore;
  tokensUsed: number;
  /** Ranking and packing on the built index. */
  packMs: number;
}

export interface GithubInstanceResult {
  instanceId: string;
  repo: string;
  baseCommit: string;
  /** The snapshot cap the run used (0 with `--candidates`). */
  snapshotMaxBytes: number;
  budgets: GithubBudgetRun[];
  cold?: QuestionCost;
  again?: QuestionCost;
  /** The same question on the repository's next commit, and how that commit was chosen. */
  next?: QuestionCost & { via: NextCommit["via"] };
  heapPeakMb: number;
  error?: string;
}

export interface NextCommit {
  sha: string;
  /** "child": the base commit's child on the first-parent line to HEAD. */
  via: "child";
}

export interface RunGithubInput {
  instance: Instance;
  /** The repository's git mirror: the stand-in serves it; the scorer reads gold files from it. */
  mirror: string;
  standIn: MirrorStandIn;
  clock: VirtualClock;
  next?: NextCommit;
  budgets: readonly number[];
  tokenCounter: TokenCounter;
  operator: Pick<
    OperatorConfig,
    | "maxFileBytes"
    | "snapshotMaxBytes"
    | "indexCacheMaxBytes"
    | "derivedCacheMaxBytes"
    | "blobCache"
    | "cacheTtlMs"
    | "cacheMaxBytes"
  >;
  /** Forces candidates mode: a snapshot cap of 0. */
  candidates: boolean;
  sampleMemory?: () => void;
}

// The routes whose time is the download on GitHub: the archive and single files.
const DOWNLOAD_ROUTES = ["codeload", "git/blobs", "contents"];

/**
 * One instance through the bot's own read path against the stand-in: a
 * fresh process's shared caches (as `src/index.ts` creates them), the
 * installation's code host with a real Octokit on the stand-in's GHES-style
 * URL, `indexForQuestion` (→ `collectFiles`) and `buildContext` per budget,
 * scored as the local mode scores. Then the same question again on the same
 * commit, and on the repository's next commit, with the caches the first
 * left: the requests, bytes and time each costs.
 * Never throws: a failure becomes `error`.
 *
 * @example
 * const result = await runInstanceOnGithub({ instance, mirror, standIn, clock, budgets: [13_000], tokenCounter, operator, candidates: false });
 * result.cold?.totalRequests // 3: the repository, the commit, the tarball (and codeload)
 */
export async function runInstanceOnGithub(
  input: RunGithubInput,
): Promise<GithubInstanceResult> {
  const { instance, operator, standIn, clock } = input;
  const sample = input.sampleMemory ?? (() => {});
  const snapshotMaxBytes = input.candidates ? 0 : operator.snapshotMaxBytes;
  const result: GithubInstanceResult = {
    instanceId: instance.instance_id,
    repo: instance.repo,
    baseCommit: instance.base_commit,
    snapshotMaxBytes,
    budgets: [],
    heapPeakMb: 0,
  };
  const [owner = "", repo = ""] = instance.repo.split("/");
  const namespace = "installation:1";
  // What the process shares across questions, made as src/index.ts makes it (one replica, no Redis).
  const metrics = createAskcodeMetrics(new Registry());
  // A blob cache directory of this instance's own: cold means cold on disk too.
  const blobDir = await mkdtemp(join(tmpdir(), "askcode-bench-blobs-"));
  const caches = await createReadCaches(
    { ...operator, blobCache: { ...operator.blobCache, dir: blobDir } },
    { clock, log: { warn: (_meta, message) => console.warn(message) } },
  );
  const shared = {
    responseCache: createResponseCache({
      ttlMs: operator.cacheTtlMs,
      maxBytes: operator.cacheMaxBytes,
      clock,
    }),
    snapshotCache: caches.snapshotCache,
    ...(caches.keptTexts ? { texts: caches.keptTexts } : {}),
    pacer: createSearchPacer({ clock, waits: metrics.github.searchWait }),
    metrics: metrics.github,
  };
  const indexes = caches.indexCache;
  const policy = createPathPolicy([]);
  const exclude = (path: string) => policy.hidden(path) !== undefined;
  const question = instance.problem_statement;

  const ask = async (commit: string, budgets: readonly number[]) => {
    // The store's writes go on behind an answer; a bot's next question comes
    // seconds later at the soonest, by which time they have landed.
    await caches.keptTexts?.flushed();
    standIn.setDefaultHead(commit);
    const before = copyTraffic(standIn.traffic);
    const skippedBefore = clock.skippedMs;
    const started = performance.now();
    const octokit = createOctokit({
      id: namespace,
      auth: standIn.token,
      baseUrl: standIn.apiUrl,
      logger: { debug() {}, info() {}, warn() {}, error: console.error },
    });
    const host = createInstallationCodeHost({
      octokit,
      namespace,
      owner,
      repo,
      shared,
      limits: { maxFileBytes: operator.maxFileBytes, snapshotMaxBytes },
    });
    // Resolved by SHA, as a question naming its commit is: with no ref, the
    // response cache would serve the previous default head for its TTL.
    const { sha } = await host.resolveRef(commit);
    const reader = createRedactingReader(host.at(sha), {
      redactions: caches.redactions,
    });
    const collected = await indexForQuestion(
      reader,
      candidateQueries(question),
      {
        maxRepositoryBytes: snapshotMaxBytes,
        exclude,
        question,
        ...(caches.derivedCache ? { derived: caches.derivedCache } : {}),
        ...(indexes
          ? {
              cache: {
                indexes,
                key: indexKey({
                  namespace,
                  owner,
                  repo,
                  sha,
                  excludePaths: [],
                }),
              },
            }
          : {}),
      },
    );
    const indexedMs = performance.now() - started;
    sample();
    const contexts = [];
    for (const budget of budgets) {
      const t = performance.now();
      const built = await buildContext({
        reader,
        index: collected.index,
        question,
        budget,
        tokenCounter: input.tokenCounter,
        ...packingFor(collected),
      });
      contexts.push({ budget, built, packMs: performance.now() - t });
      sample();
    }
    const after = standIn.traffic;
    const requests: Record<string, number> = {};
    let bytes = 0;
    let downloadMs = 0;
    for (const [route, seen] of after) {
      const was = before.get(route) ?? { requests: 0, bytes: 0, ms: 0 };
      if (seen.requests > was.requests)
        requests[route] = seen.requests - was.requests;
      bytes += seen.bytes - was.bytes;
      if (DOWNLOAD_ROUTES.includes(route)) downloadMs += seen.ms - was.ms;
    }
    const cost: QuestionCost = {
      sha,
      mode: collected.mode,
      reused: collected.reused,
      files: collected.index.files.length,
      requests,
      totalRequests: Object.values(requests).reduce((a, b) => a + b, 0),
      bytes,
      downloadMs,
      contextMs: indexedMs + (contexts[0]?.packMs ?? 0),
      searchWaitSeconds: (clock.skippedMs - skippedBefore) / 1000,
    };
    return { cost, contexts };
  };

  try {
    const sorted = [...input.budgets].sort((a, b) => a - b);
    const cold = await ask(instance.base_commit, sorted);
    result.cold = cold.cost;
    const linesOf = mirrorLines(input.mirror, cold.cost.sha);
    const gold = goldLines(instance.gold_hunks, linesOf);
    for (const { budget, built, packMs } of cold.contexts) {
      const shown = shownLines(built.context.text, linesOf);
      result.budgets.push({
        budget,
        score: scoreContext(shown, instance.gold_files, gold.lines),
        tokensUsed: built.context.tokensUsed,
        packMs,
      });
    }
    result.again = (await ask(instance.base_commit, sorted.slice(0, 1))).cost;
    if (input.next)
      result.next = {
        ...(await ask(input.next.sha, sorted.slice(0, 1))).cost,
        via: input.next.via,
      };
  } catch (error) {
    result.error =
      error instanceof Error
        ? `${error.name}: ${error.message}`
        : String(error);
  } finally {
    // Writes behind the answer may still be landing: wait for them, and let
    // rm retry while a last one finishes (ENOTEMPTY).
    await caches.keptTexts?.flushed();
    await caches.derivedCache?.save();
    await rm(blobDir, {
      recursive: true,
      force: true,
      maxRetries: 5,
      retryDelay: 200,
    }).catch((error: unknown) =>
      console.warn(`Could not remove ${blobDir}: ${String(error)}`),
    );
  }
  return result;
}

function copyTraffic(
  traffic: ReadonlyMap<string, RouteTraffic>,
): Map<string, RouteTraffic> {
  return new Map([...traffic].map(([route, seen]) => [route, { ...seen }]));
}

// The scorer's view of a file at the commit, read from the mirror (not a GitHub request).
function mirrorLines(
  mirror: string,
  sha: string,
): (path: string) => string[] | undefined {
  const cache = new Map<string, string[] | undefined>();
  return (path) => {
    if (!cache.has(path)) {
      let lines: string[] | undefined;
      try {
        lines = splitFileLines(
          execFileSync(
            "git",
            ["-C", mirror, "cat-file", "blob", `${sha}:${path}`],
            {
              maxBuffer: 256 * 1024 * 1024,
              stdio: ["ignore", "pipe", "ignore"],
            },
          ).toString("utf8"),
        );
      } catch {
        lines = undefined;
      }
      cache.set(path, lines);
    }
    return cache.get(path);
  };
}

/**
 * The commit each instance's next question is asked at: the base commit's
 * child on the first-parent line to the mirror's HEAD, as a push of one
 * commit gives it; none when the base commit is the tip. (The next
 * instance's base commit would be weeks of history later: a cold commit.)
 *
 * @example
 * nextCommits(mirrorOf, instances).get("psf__requests-1142") // { sha: "c50f8f…", via: "child" }
 */
export function nextCommits(
  mirrorOf: (repo: string) => string,
  instances: readonly Instance[],
): Map<string, NextCommit> {
  const out = new Map<string, NextCommit>();
  for (const instance of instances) {
    const child = execFileSync(
      "git",
      [
        "-C",
        mirrorOf(instance.repo),
        "rev-list",
        "--reverse",
        "--ancestry-path",
        "--first-parent",
        `${instance.base_commit}..HEAD`,
      ],
      { maxBuffer: 256 * 1024 * 1024 },
    )
      .toString()
      .split("\n")[0];
    if (child) out.set(instance.instance_id, { sha: child, via: "child" });
  }
  return out;
}
