import { readFileSync } from "node:fs";
import { Registry } from "prom-client";
import { loadOperatorConfig } from "../../../src/config/operator-config.js";
import { readAppCredentials } from "../../../src/server/read-app-credentials.js";
import { startAppServer } from "../../../src/server/start-app-server.js";

// One askcode replica in its own process, as src/server/main.ts starts it,
// but with BullMQ's lock and stalled-check timing shortened (from
// TEST_LOCK_MS and TEST_STALLED_INTERVAL_MS): a test kills it mid-answer and
// waits for another replica to take its job up, which with BullMQ's 30 s
// defaults would take a minute.
const env = process.env;
const operator = loadOperatorConfig(env);
const credentials = readAppCredentials({
  env,
  readFile: (path) => readFileSync(path, "utf8"),
});
if (credentials.kind !== "app")
  throw new Error(`the replica needs app credentials: ${credentials.missing}`);
const server = await startAppServer({
  operator,
  credentials,
  env,
  metrics: new Registry(),
  redisQueueTiming: {
    lockDurationMs: Number(env.TEST_LOCK_MS),
    stalledIntervalMs: Number(env.TEST_STALLED_INTERVAL_MS),
  },
});
console.log(`replica listening on ${server.url}`);
