import { Redis } from "ioredis";
import nock from "nock";
import { createRedisResponseStore } from "../../../../src/storage/response-store/redis-response-store.js";
import { createResponseCache } from "../../../../src/cache/response-cache.js";
import {
  createGitHubApi,
  type RestMethods,
} from "../../../../src/code-host/github/github-api.js";
import { createGitHubMetrics } from "../../../../src/metrics/github-metrics.js";
import { countCacheResults } from "../../../../src/compose/count-cache-results.js";
import { Registry } from "prom-client";
import { metricSamples } from "../../../helpers/metric-samples.js";
import { createRedisConnection } from "../../../../src/storage/redis/create-redis-connection.js";
import {
  createFakeClock,
  type FakeClock,
} from "../../../helpers/fake-clock.js";
import {
  githubFixture,
  HELLO_WORLD,
  nockGetRepository,
  nockGetTree,
} from "../../../helpers/nock-github.js";
import { freeLoopbackPort } from "../../../../scripts/free-loopback-port.js";
import { startTestRedis, type TestRedis } from "../../../helpers/test-redis.js";
import { useTestRedis } from "../../../helpers/use-test-redis.js";
import { createTestOctokit } from "../../../helpers/test-octokit.js";

const TTL_MS = 60_000;
const DAY_MS = 24 * 3_600_000;
const REPO = { owner: HELLO_WORLD.owner, repo: HELLO_WORLD.repo };
const TREE = { ...REPO, tree_sha: HELLO_WORLD.sha, recursive: "1" };
const GET_REPO = (rest: RestMethods) => rest.repos.get;
const GET_TREE = (rest: RestMethods) => rest.git.getTree;
// What nockGetRepository's answer carries, quotes included.
const REPO_ETAG = '"d0b6c1f4a3e2b5c7d9e8f1a2b3c4d5e6"';

const redis = useTestRedis();
// The production commands connection: it gives up on a command while Redis is away.
const connections: Redis[] = [];
afterEach(() => {
  for (const connection of connections.splice(0)) connection.disconnect();
  nock.cleanAll();
});

function connect(url = redis().url): Redis {
  const connection = createRedisConnection(url, "commands");
  connections.push(connection);
  return connection;
}

/**
 * A connection to a Redis that goes away, giving up on a command as the
 * commands connection does. Its closed socket would hold ioredis'
 * disconnect timer (2 s) past the test: none here.
 */
function connectToLost(url: string): Redis {
  const connection = new Redis(url, {
    maxRetriesPerRequest: 3,
    disconnectTimeout: 0,
  });
  connections.push(connection);
  return connection;
}

interface ReplicaOptions {
  connection?: Redis;
  namespace?: string;
  maxBodyBytes?: number;
  warnings?: string[];
}

/** One replica: its own Octokit and process cache, the shared Redis behind. */
function replica(clock: FakeClock, options: ReplicaOptions = {}) {
  const cache = createResponseCache({
    ttlMs: TTL_MS,
    clock,
    shared: createRedisResponseStore({
      redis: options.connection ?? connect(),
      clock,
      ...(options.maxBodyBytes === undefined
        ? {}
        : { maxBodyBytes: options.maxBodyBytes }),
      log: { warn: (_meta, message) => options.warnings?.push(message) },
    }),
  });
  return createGitHubApi({
    octokit: createTestOctokit(),
    cache,
    namespace: options.namespace ?? "installation:1",
  });
}

async function cacheKeys(): Promise<string[]> {
  return (await redis().client().keys("askcode:cache:*")).sort();
}

describe("the GitHub response cache shared through Redis", () => {
  it("lets replica B revalidate replica A's stale answer with A's ETag and serve the body on 304", async () => {
    const clock = createFakeClock();
    const a = replica(clock);
    const b = replica(clock);
    const scope = nockGetRepository({ body: "repos/hello-world.json" });
    nockGetRepository({ ifNoneMatch: REPO_ETAG, status: 304, body: "" }, scope);

    const fetched = await a.get(GET_REPO, REPO);
    clock.advance(TTL_MS + 1);
    const revalidated = await b.get(GET_REPO, REPO);

    expect(revalidated.data).toStrictEqual(
      githubFixture("repos/hello-world.json"),
    );
    expect(revalidated.data).toStrictEqual(fetched.data);
    expect(b.stats).toMatchObject({ requests: 1, notModified: 1, misses: 0 });
    expect(scope.pendingMocks()).toStrictEqual([]);
  });

  it("serves A's fresh answer to B without a request, and B's revalidation to A", async () => {
    const clock = createFakeClock();
    const a = replica(clock);
    const b = replica(clock);
    const scope = nockGetRepository({ body: "repos/hello-world.json" });
    nockGetRepository({ ifNoneMatch: REPO_ETAG, status: 304, body: "" }, scope);

    await a.get(GET_REPO, REPO);
    clock.advance(TTL_MS / 2);
    await b.get(GET_REPO, REPO); // fresh in Redis: no request
    clock.advance(TTL_MS / 2 + 1);
    await b.get(GET_REPO, REPO); // stale everywhere: B's 304 renews Redis
    const renewed = await a.get(GET_REPO, REPO); // A's copy is stale, Redis vouches for its ETag

    expect(renewed.data).toStrictEqual(githubFixture("repos/hello-world.json"));
    expect(b.stats).toMatchObject({
      requests: 1,
      sharedHits: 1,
      notModified: 1,
    });
    expect(a.stats).toMatchObject({ requests: 1, sharedHits: 1, misses: 1 });
    expect(scope.pendingMocks()).toStrictEqual([]);
  });

  it("serves a SHA-addressed answer fetched by A to B with no request, however late", async () => {
    const clock = createFakeClock();
    const registry = new Registry();
    const a = replica(clock);
    const b = countCacheResults(replica(clock), createGitHubMetrics(registry));
    // One answer only: a second request would find no interceptor and fail.
    const scope = nockGetTree({ body: "trees/hello-world.json" });

    await a.get(GET_TREE, TREE, { immutable: true });
    clock.advance(30 * DAY_MS);
    const tree = await b.get(GET_TREE, TREE, { immutable: true });

    expect(tree.data).toStrictEqual(githubFixture("trees/hello-world.json"));
    expect(b.stats).toMatchObject({ requests: 0, sharedHits: 1 });
    expect(
      await metricSamples(registry, "askcode_github_response_cache_total"),
    ).toContain('askcode_github_response_cache_total{result="redis_hit"} 1');
    expect(scope.pendingMocks()).toStrictEqual([]);
  });

  it("keeps every answer under askcode:cache:<installation>: with an expiry", async () => {
    const clock = createFakeClock();
    const a = replica(clock);
    nockGetRepository({ body: "repos/hello-world.json" });
    nockGetTree({ body: "trees/hello-world.json" });

    await a.get(GET_REPO, REPO);
    await a.get(GET_TREE, TREE, { immutable: true });

    const keys = await cacheKeys();
    expect(keys).toStrictEqual([
      'askcode:cache:installation:1:GET /repos/{owner}/{repo} owner="octo-org"&repo="hello-world" ',
      `askcode:cache:installation:1:GET /repos/{owner}/{repo}/git/trees/{tree_sha} owner="octo-org"&recursive="1"&repo="hello-world"&tree_sha="${HELLO_WORLD.sha}" `,
    ]);
    for (const key of keys) {
      const pttl = await redis().client().pttl(key);
      expect(pttl).toBeGreaterThan(DAY_MS - 60_000);
      expect(pttl).toBeLessThanOrEqual(DAY_MS);
    }
  });

  it("keeps a body over the size threshold in the process only", async () => {
    const clock = createFakeClock();
    const repoBytes = Buffer.byteLength(
      JSON.stringify(githubFixture("repos/hello-world.json")),
    );
    const a = replica(clock, { maxBodyBytes: repoBytes - 1 });
    const b = replica(clock, { maxBodyBytes: repoBytes - 1 });
    const scope = nockGetRepository({
      body: "repos/hello-world.json",
      times: 2,
    });

    await a.get(GET_REPO, REPO);
    expect(await cacheKeys()).toStrictEqual([]);
    await a.get(GET_REPO, REPO); // still served by A's own cache
    await b.get(GET_REPO, REPO);

    expect(a.stats).toMatchObject({ requests: 1, hits: 1 });
    expect(b.stats).toMatchObject({ requests: 1, misses: 1, sharedHits: 0 });
    expect(scope.pendingMocks()).toStrictEqual([]);
  });

  it("keeps installations apart: another installation does not see A's answer", async () => {
    const clock = createFakeClock();
    const a = replica(clock);
    const other = replica(clock, { namespace: "installation:2" });
    const scope = nockGetTree({ body: "trees/hello-world.json", times: 2 });

    await a.get(GET_TREE, TREE, { immutable: true });
    await other.get(GET_TREE, TREE, { immutable: true });

    expect(other.stats).toMatchObject({ requests: 1, sharedHits: 0 });
    expect(scope.pendingMocks()).toStrictEqual([]);
    expect(
      (await cacheKeys()).map((key) => key.split(":GET ")[0]),
    ).toStrictEqual([
      "askcode:cache:installation:1",
      "askcode:cache:installation:2",
    ]);
  });

  it("reads through GitHub when the Redis server stops", async () => {
    const clock = createFakeClock();
    const own: TestRedis = await startTestRedis();
    const a = replica(clock, { connection: connectToLost(own.url) });
    const b = replica(clock, { connection: connectToLost(own.url) });
    const scope = nockGetTree({ body: "trees/hello-world.json", times: 2 });

    await a.get(GET_TREE, TREE, { immutable: true });
    await own.stop();
    const tree = await b.get(GET_TREE, TREE, { immutable: true });

    expect(tree.data).toStrictEqual(githubFixture("trees/hello-world.json"));
    expect(b.stats).toMatchObject({ requests: 1, misses: 1 });
    expect(scope.pendingMocks()).toStrictEqual([]);
  });

  it("reads through GitHub when Redis cannot be reached, warning once for the burst", async () => {
    const clock = createFakeClock();
    const warnings: string[] = [];
    const a = replica(clock, {
      connection: connectToLost(
        `redis://127.0.0.1:${await freeLoopbackPort()}`,
      ),
      warnings,
    });
    const scope = nockGetRepository({ body: "repos/hello-world.json" });
    nockGetTree({ body: "trees/hello-world.json" }, scope);

    const repository = await a.get(GET_REPO, REPO);
    const tree = await a.get(GET_TREE, TREE, { immutable: true });

    expect(repository.data).toStrictEqual(
      githubFixture("repos/hello-world.json"),
    );
    expect(tree.data).toStrictEqual(githubFixture("trees/hello-world.json"));
    expect(a.stats).toMatchObject({ requests: 2, misses: 2 });
    expect(warnings).toStrictEqual([
      "askcode could not read the shared GitHub response cache in Redis; reading from GitHub",
    ]);
    expect(scope.pendingMocks()).toStrictEqual([]);
  });
});
