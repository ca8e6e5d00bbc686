import { createIssueLock } from "../../../src/jobs/issue-lock.js";
import { useTestRedis } from "../../helpers/use-test-redis.js";

const testRedis = useTestRedis();

const ISSUE = "octo-org/hello-world#1";
const KEY = `askcode:lock:issue:${ISSUE}`;

describe("createIssueLock", () => {
  it("lets one job hold an issue across replicas, the same job take it again, and only its holder release it", async () => {
    const [a, b] = [testRedis().client(), testRedis().client()].map((client) =>
      createIssueLock(client, { ttlMs: 60_000 }),
    );

    expect(await a!.acquire(ISSUE, "job-1")).toBe(true);
    expect(await b!.acquire(ISSUE, "job-2")).toBe(false);
    // job-1 re-run on replica b after replica a died.
    expect(await b!.acquire(ISSUE, "job-1")).toBe(true);
    expect(await a!.acquire("octo-org/hello-world#2", "job-2")).toBe(true);

    await b!.release(ISSUE, "job-2"); // not its lock: nothing happens
    expect(await testRedis().client().get(KEY)).toBe("job-1");
    await a!.release(ISSUE, "job-1");
    expect(await b!.acquire(ISSUE, "job-2")).toBe(true);
  });

  it("expires, so a replica that died holding it blocks the issue only until then", async () => {
    const client = testRedis().client();
    const locks = createIssueLock(client, { ttlMs: 60_000 });
    await locks.acquire(ISSUE, "job-1");

    const ttl = await client.pttl(KEY);
    expect(ttl).toBeGreaterThan(0);
    expect(ttl).toBeLessThanOrEqual(60_000);
    await client.pexpire(KEY, 0);
    expect(await locks.acquire(ISSUE, "job-2")).toBe(true);
  });
});
